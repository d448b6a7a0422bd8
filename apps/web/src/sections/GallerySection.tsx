import { gallery, sectionIds } from "@bluewater/content";
import { Badge } from "@bluewater/ui/badge";
import { Card } from "@bluewater/ui/card";
import { ContentImage } from "../components/ContentImage.tsx";
import { Section } from "../components/Section.tsx";

export function GallerySection() {
  return (
    <Section id={sectionIds.gallery} heading={gallery}>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {gallery.items.map((item) => (
          <li key={item.id} id={item.id} className="flex">
            <Card className="w-full overflow-hidden">
              <ContentImage
                image={item.image}
                sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                className="aspect-4/3 w-full bg-brand-50 object-cover"
              />
              <div className="flex flex-col gap-2 p-5">
                <Badge>{item.category}</Badge>
                <h3 className="text-lg font-bold text-navy-950">{item.title}</h3>
                <p className="text-muted-foreground">{item.description}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
