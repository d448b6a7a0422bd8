import { serviceOptions } from "../contract/serviceOptions.ts";
import { business } from "./business.ts";
import { serviceAreas } from "./serviceAreas.ts";
import { services } from "./services.ts";

const serviceLinks = serviceOptions.flatMap((option) => {
  const service = services.find((card) => card.option === option.value);
  return service ? [{ label: option.label, href: `#${service.id}` }] : [];
});

export const footer = {
  blurb: `Women-owned, family-operated basement waterproofing and foundation repair in ${business.address.locality}, ${business.address.regionName}, since ${business.foundedYear}.`,
  servicesHeading: "Services",
  /** The form's labels for the services that have a card, in the form's order. */
  services: serviceLinks.map((link) => link.label),
  /** The same, each with a link to its card on the page (the card's id is its service's id). */
  serviceLinks,
  areasHeading: "Service Areas",
  /** Every town but Chesterfield, which the footer's short list leaves to the about section. */
  areas: serviceAreas.filter((town) => town !== "Chesterfield"),
  contactHeading: "Contact",
  copyright: `© ${business.copyrightYear} ${business.name}. All rights reserved.`,
  credentials: "Licensed • Insured • Lifetime Warranty",
} as const;
