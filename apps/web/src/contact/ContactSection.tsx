import { business, businessHours, contactSection, sectionIds } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { CircleCheck, MapPin, Phone, Siren } from "lucide-react";
import { CallLabel } from "../components/CallLabel.tsx";
import { Section } from "../components/Section.tsx";
import { BusinessHours } from "./BusinessHours.tsx";
import { ContactForm } from "./ContactForm.tsx";

export function ContactSection() {
  return (
    <Section id={sectionIds.contact} tone="blue" heading={contactSection}>
      {/* minmax(0, …): the form's inputs must not widen the column past a phone's screen. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
        <aside className="flex flex-col gap-8 rounded-2xl bg-navy-900 p-6 text-white shadow-raised sm:p-8">
          <div className="flex flex-col gap-3">
            <p className="text-lg font-semibold text-brand-100">{contactSection.callPrompt}</p>
            <ButtonLink href={business.phone.href} size="lg" className="w-full">
              <Phone aria-hidden="true" />
              <CallLabel words={contactSection.callCta} />
            </ButtonLink>
            <p className="flex gap-2 text-sm text-brand-100">
              <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              {businessHours.emergencyNote}
            </p>
          </div>
          <div>
            <h3 className="mb-3 text-lg font-bold">{contactSection.nextSteps.heading}</h3>
            <ol className="flex flex-col gap-2.5">
              {contactSection.nextSteps.items.map((item) => (
                <li key={item} className="flex gap-2.5 text-brand-100">
                  <CircleCheck
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-accent-400"
                  />
                  {item}
                </li>
              ))}
            </ol>
          </div>
          <BusinessHours />
          <p className="flex gap-2 text-brand-100">
            <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-400" />
            {contactSection.locationLine}
          </p>
        </aside>
        <div className="rounded-2xl bg-white p-6 shadow-raised sm:p-8">
          <ContactForm />
        </div>
      </div>
    </Section>
  );
}
