import { business, businessHours, serviceAreas, services, site } from "@bluewater/content";

/**
 * The HomeAndConstructionBusiness block search engines read. The company's own rating is left
 * out on purpose: Google ignores self-serving review markup.
 */
export function businessStructuredData(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${siteUrl}/#business`,
    name: business.name,
    description: site.description,
    url: `${siteUrl}/`,
    telephone: business.phone.e164,
    image: `${siteUrl}${site.ogImage.src}`,
    logo: `${siteUrl}/icons/icon-512.png`,
    foundingDate: String(business.foundedYear),
    address: {
      "@type": "PostalAddress",
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: business.geo.latitude,
      longitude: business.geo.longitude,
    },
    openingHoursSpecification: businessHours.openingHoursSpecification.map((spec) => ({
      "@type": "OpeningHoursSpecification",
      ...spec,
    })),
    areaServed: serviceAreas.map((town) => ({
      "@type": "City",
      name: `${town}, ${business.address.regionName}`,
    })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Services",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: service.title, description: service.description },
      })),
    },
  };
}

/** JSON inside a script element: `<` is escaped so no text can close the element early. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, (char) => (char === "\u2028" ? "\\u2028" : "\\u2029"));
}
