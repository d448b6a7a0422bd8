import { type Service, servicesSection } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { Card, CardContent, CardFooter } from "@bluewater/ui/card";
import { Check } from "lucide-react";
import { Icon } from "../components/icons.tsx";
import { prefetchOnReach } from "../start/index.ts";

interface ServiceCardProps {
  service: Service;
  /** Starts loading the details dialog's code when the visitor points at or focuses the link. */
  onPrepare: () => void;
  onLearnMore: (opener: HTMLAnchorElement) => void;
}

export function ServiceCard({ service, onPrepare, onLearnMore }: ServiceCardProps) {
  return (
    <Card className="w-full transition-shadow hover:shadow-raised">
      <CardContent className="flex flex-col gap-4">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon name={service.icon} className="size-6" />
        </span>
        <h3 className="text-xl font-bold text-navy-950">{service.title}</h3>
        <p className="text-muted-foreground">{service.description}</p>
        <ul className="flex flex-col gap-2">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-2 text-sm font-medium text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {/* A link to the gallery card that shows how the repair works, so it leads somewhere
            without the app; with the app it opens the service's details instead. */}
        <ButtonLink
          href={`#${service.solution}`}
          variant="outline"
          className="w-full"
          aria-haspopup="dialog"
          aria-label={servicesSection.learnMoreLabel(service.title)}
          {...prefetchOnReach("service-details")}
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          onClick={(event) => {
            event.preventDefault();
            onLearnMore(event.currentTarget);
          }}
        >
          {servicesSection.learnMore}
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}
