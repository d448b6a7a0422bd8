import { business } from "./business.ts";

/** The section anchors the page is built on; the navigation links to five of them. */
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
  /** The first link a keyboard reaches, straight past the bar to the page's content. */
  skipLink: "Skip to main content",
  brandLines: [business.shortName, "Waterproofing"],
} as const;
