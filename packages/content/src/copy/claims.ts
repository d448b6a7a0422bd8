import { business } from "./business.ts";

/** The claims the page makes (docs/content.md), each said once and reused wherever it appears. */
export const claims = {
  yearsExperience: "20+",
  basementsProtected: "1,000+",
  rating: "4.9/5",
  ownership: `Women-Owned & Family-Operated Since ${business.foundedYear}`,
  warranty: "Lifetime Transferable Warranty",
  credentials: "Licensed & Insured",
  homeBase: `Based in ${business.address.locality}, ${business.address.regionName}`,
} as const;

/** The proof band: the figures a homeowner checks before picking up the phone. */
export const proofBand = {
  heading: "Proof you can check",
  items: [
    { value: claims.yearsExperience, label: "Years of experience" },
    { value: claims.basementsProtected, label: "Basements protected" },
    { value: claims.rating, label: "Customer rating" },
    { value: `Since ${business.foundedYear}`, label: "Women-owned & family-operated" },
    { value: "Licensed", label: "& fully insured" },
  ],
} as const;
