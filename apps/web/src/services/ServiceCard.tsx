import { type Service, servicesSection } from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { Card, CardContent, CardFooter } from "@bluewater/ui/card";
import { openDialog } from "@bluewater/ui/nativeDialog";
import { Check } from "lucide-react";
import { Icon } from "../components/icons.tsx";
import { asksForService } from "../contact/serviceRequest.tsx";
import { detailsDialogId, ServiceDetails } from "./ServiceDetails.tsx";

/** A service's card, and the details dialog its "Learn More" opens. */
export function ServiceCard({ service }: { service: Service }) {
  return (
    <Card id={service.id} className="w-full transition-shadow hover:shadow-raised">
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
        <Button
          variant="outline"
          className="w-full"
          aria-label={servicesSection.learnMoreLabel(service.title)}
          {...asksForService(service.option, "hint")}
          {...openDialog(detailsDialogId(service))}
        >
          {servicesSection.learnMore}
        </Button>
        <ServiceDetails service={service} />
      </CardFooter>
    </Card>
  );
}
