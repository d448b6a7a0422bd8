import { business } from "./business.ts";

/** The section anchors the page is built on (SPEC §2). */
export const sectionIds = {
  home: "home",
  services: "services",
  about: "about",
  gallery: "gallery",
  testimonials: "reviews",
  finishing: "finishing",
  process: "process",
  proof: "proof",
  faq: "faq",
  contact: "contact",
} as const;

export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];

export const navigation = {
  label: "Main",
  items: [
    { label: "Home", sectionId: sectionIds.home },
    { label: "Services", sectionId: sectionIds.services },
    { label: "About", sectionId: sectionIds.about },
    { label: "Gallery", sectionId: sectionIds.gallery },
    { label: "Contact", sectionId: sectionIds.contact },
  ],
  phoneLabel: `Call ${business.name} at ${business.phone.display}`,
  /** One name for the toggle; aria-expanded tells whether the list is open. */
  menuToggle: "Menu",
  brandLines: [business.shortName, "Waterproofing"],
} as const;
