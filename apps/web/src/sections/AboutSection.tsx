import { about, sectionIds } from "@bluewater/content";
import { MapPin, Quote } from "lucide-react";
import { Icon } from "../components/icons.tsx";
import { Section, SectionHeading } from "../components/Section.tsx";

export function AboutSection() {
  return (
    <Section id={sectionIds.about} tone="sand">
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <div>
          <SectionHeading
            sectionId={sectionIds.about}
            eyebrow={about.eyebrow}
            heading={about.heading}
            align="start"
          />
          <div className="flex flex-col gap-4 text-lg text-slate-700">
            {about.story.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-10 grid grid-cols-2 gap-4">
            {about.badges.map((badge) => (
              <li key={badge.title} className="rounded-xl bg-white p-4 shadow-card sm:p-5">
                <Icon name={badge.icon} className="mb-2 size-7 text-brand-600" />
                <p className="font-bold text-navy-950">{badge.title}</p>
                <p className="text-sm text-muted-foreground">{badge.text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-6 lg:pt-24">
          <div className="rounded-2xl bg-white p-6 shadow-card sm:p-8">
            <h3 className="mb-4 text-xl font-bold text-navy-950">{about.areasHeading}</h3>
            {/* Two columns where two names fit side by side, whatever the text size. */}
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] gap-2">
              {about.serviceAreas.map((town) => (
                <li key={town} className="flex items-center gap-2 font-medium text-slate-700">
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                  {town}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-muted-foreground">{about.serviceAreasSuffix}</p>
          </div>
          <figure className="rounded-2xl bg-navy-900 p-6 text-white shadow-raised sm:p-8">
            <Quote aria-hidden="true" className="mb-3 size-8 text-accent-400" />
            <h3 className="mb-2 text-xl font-bold">{about.promise.title}</h3>
            <blockquote className="text-lg text-brand-100">
              <p>{about.promise.quote}</p>
            </blockquote>
            <figcaption className="mt-4 font-semibold text-accent-400">
              {about.promise.attribution}
            </figcaption>
          </figure>
        </div>
      </div>
    </Section>
  );
}
