import { business } from "./business.ts";
import { serviceAreas } from "./serviceAreas.ts";

export const footer = {
  blurb: `Women-owned, family-operated basement waterproofing and foundation repair in ${business.address.locality}, ${business.address.regionName}, since ${business.foundedYear}.`,
  servicesHeading: "Services",
  services: [
    "Interior Waterproofing",
    "Exterior Waterproofing",
    "Foundation Repair",
    "Crawl Space Repair",
    "Drainage Systems",
    "Egress Windows",
  ],
  areasHeading: "Service Areas",
  areas: serviceAreas.filter((town) => town !== "Chesterfield"),
  contactHeading: "Contact",
  copyright: `© ${business.copyrightYear} ${business.name}. All rights reserved.`,
  credentials: "Licensed • Insured • Lifetime Warranty",
} as const;
