/**
 * The company's identity. The client's specification leaves name and phone as placeholders,
 * so this is a fictional identity kept in one object: a real owner edits this file only.
 * 555-01xx numbers are reserved for fiction.
 */
export const business = {
  name: "Blue Water Waterproofing",
  shortName: "Blue Water",
  tagline: "Basement Waterproofing & Foundation Repair",
  phone: {
    display: "(810) 555-0142",
    e164: "+18105550142",
    href: "tel:+18105550142",
  },
  address: {
    locality: "Marine City",
    region: "MI",
    regionName: "Michigan",
    postalCode: "48039",
    country: "US",
  },
  geo: { latitude: 42.7195, longitude: -82.4924 },
  siteUrl: "https://www.bluewaterwaterproofing.com",
  foundedYear: 2010,
  copyrightYear: 2025,
} as const;

export type Business = typeof business;
