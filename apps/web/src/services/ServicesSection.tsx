import { sectionIds, services, servicesSection } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { Section } from "../components/Section.tsx";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { showContactForm } from "../contact/showContactForm.ts";
import { useIdlePreload } from "../start/index.ts";
import { ServiceCard } from "./ServiceCard.tsx";

const loadDetails = () => import("./ServiceDetailsDialog.tsx");

export function ServicesSection() {
  const [openId, setOpenId] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  const headingToContact = useRef(false);
  const { requestService } = useServiceRequest();
  const shown = services.find((service) => service.id === shownId);
  // Loaded when idle or on the first touch, and then rendered at once: see useIdlePreload.
  const { Component: ServiceDetailsDialog, failed, prepare } = useIdlePreload(loadDetails);

  // Without its code (the visitor went offline) the link does what it does without the app.
  useEffect(() => {
    if (!failed || !shown) return;
    setShownId(null);
    setOpenId(null);
    window.location.hash = shown.solution;
  }, [failed, shown]);

  return (
    <Section id={sectionIds.services} heading={servicesSection}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id} className="flex">
            <ServiceCard
              service={service}
              onPrepare={prepare}
              onLearnMore={(link) => {
                prepare();
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
      {shown && ServiceDetailsDialog && (
        <LazyBoundary>
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
        </LazyBoundary>
      )}
    </Section>
  );
}
