import { finishing, sectionIds } from "@bluewater/content";
import { Button, ButtonLink } from "@bluewater/ui/button";
import { openDialog } from "@bluewater/ui/nativeDialog";
import { Images } from "lucide-react";
import { ContentImage } from "../components/ContentImage.tsx";
import { Icon } from "../components/icons.tsx";
import { Section } from "../components/Section.tsx";
import { asksForService } from "../contact/serviceRequest.tsx";
import { FinishingGallery, galleryDialogId } from "./FinishingGallery.tsx";

/** Ideas for a finished basement, three photos, and the gallery that shows them large. */
export function FinishingSection() {
  return (
    <Section id={sectionIds.finishing} tone="sand" heading={finishing}>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {finishing.ideas.map((idea) => (
          <li key={idea.id} className="flex gap-4 rounded-xl bg-white p-5 shadow-card">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-100 text-navy-900">
              <Icon name={idea.icon} className="size-6" />
            </span>
            <div>
              <h3 className="font-bold text-navy-950">{idea.title}</h3>
              <p className="text-sm text-muted-foreground">{idea.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <ul id={finishing.photosId} className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {finishing.photos.map((photo) => (
          <li key={photo.id}>
            <figure>
              <ContentImage
                image={photo.image}
                sizes="(min-width: 640px) 33vw, 100vw"
                className="aspect-4/3 w-full rounded-xl bg-white object-cover shadow-card"
              />
              <figcaption className="mt-2 text-sm font-medium text-slate-700">
                {photo.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {/* Side by side from md: at 640 px (a laptop zoomed to 200%) the two labels overflow. */}
      <div className="mt-10 flex flex-col justify-center gap-3 md:flex-row">
        <Button variant="outline" size="lg" {...openDialog(galleryDialogId)}>
          <Images aria-hidden="true" />
          {finishing.galleryCta}
        </Button>
        <ButtonLink
          href={`#${sectionIds.contact}`}
          size="lg"
          {...asksForService("basement-finishing", "choice")}
        >
          {finishing.consultationCta}
        </ButtonLink>
      </div>
      <FinishingGallery />
    </Section>
  );
}
