import { sectionIds, services, servicesSection } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { MapPin } from "lucide-react";
import { Section } from "../components/Section.tsx";
import { ServiceCard } from "./ServiceCard.tsx";

/** The six services, each with its details in a dialog of the HTML's own. */
export function ServicesSection() {
  return (
    <Section id={sectionIds.services} heading={servicesSection}>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id} className="flex">
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-center gap-5 text-center">
        <p className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <MapPin aria-hidden="true" className="size-5 text-brand-600" />
          {servicesSection.servingLine}
        </p>
        <ButtonLink href={`#${sectionIds.contact}`} size="lg">
          {servicesSection.cta}
        </ButtonLink>
      </div>
    </Section>
  );
}
