import { sectionIds, services, servicesSection } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { MapPin } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Section } from "../components/Section.tsx";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { showContactForm } from "../contact/showContactForm.ts";
import { ServiceCard } from "./ServiceCard.tsx";

const loadDetails = () => import("./ServiceDetailsDialog.tsx");
const ServiceDetailsDialog = lazy(loadDetails);

export function ServicesSection() {
  const [openId, setOpenId] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  const headingToContact = useRef(false);
  const { requestService } = useServiceRequest();
  const shown = services.find((service) => service.id === shownId);

  return (
    <Section id={sectionIds.services} heading={servicesSection}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id} className="flex">
            <ServiceCard
              service={service}
              onPrepare={loadDetails}
              onLearnMore={(link) => {
                opener.current = link;
                setShownId(service.id);
                setOpenId(service.id);
                requestService(service.option, "hint");
              }}
            />
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
      {shown && (
        <Suspense fallback={null}>
          <ServiceDetailsDialog
            service={shown}
            open={openId !== null}
            onOpenChange={(open) => setOpenId(open ? shown.id : null)}
            onClosed={() => {
              if (headingToContact.current) showContactForm();
              else opener.current?.focus();
              headingToContact.current = false;
            }}
            onRequestInspection={() => {
              requestService(shown.option, "choice");
              headingToContact.current = true;
              setOpenId(null);
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}
