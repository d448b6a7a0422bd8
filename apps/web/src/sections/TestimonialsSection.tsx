import { sectionIds, testimonials } from "@bluewater/content";
import { Badge } from "@bluewater/ui/badge";
import { ButtonLink } from "@bluewater/ui/button";
import { Card } from "@bluewater/ui/card";
import { Section } from "../components/Section.tsx";
import { StarRating } from "../components/StarRating.tsx";

export function TestimonialsSection() {
  return (
    <Section id={sectionIds.testimonials} tone="blue" heading={testimonials}>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {testimonials.items.map((review) => (
          <li key={review.id} className="flex">
            <Card className="w-full p-6 sm:p-8">
              <figure className="flex h-full flex-col gap-4">
                <StarRating
                  rating={review.rating}
                  label={testimonials.ratingLabel(review.rating)}
                />
                <blockquote className="text-lg text-slate-800">
                  <p className="before:content-['“'] after:content-['”']">{review.text}</p>
                </blockquote>
                <figcaption className="mt-auto flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <span className="block font-bold text-navy-950">{review.name}</span>
                    <span className="text-sm text-muted-foreground">{review.location}</span>
                  </span>
                  <Badge>{review.service}</Badge>
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-center gap-4 rounded-2xl bg-navy-900 p-8 text-center text-white sm:p-10">
        <h3 className="text-2xl font-extrabold sm:text-3xl">{testimonials.join.title}</h3>
        <p className="max-w-2xl text-lg text-brand-100">{testimonials.join.text}</p>
        <ButtonLink href={`#${sectionIds.contact}`} size="lg">
          {testimonials.join.cta}
        </ButtonLink>
      </div>
    </Section>
  );
}
