import {
  business,
  businessHours,
  faq,
  serviceAreas,
  serviceAreasSuffix,
  services,
  site,
} from "@bluewater/content";

/** The files crawlers, browsers and AI agents read besides the page itself. */
export function siteFiles(siteUrl: string, buildDate: string): Record<string, string> {
  return {
    "robots.txt": robotsTxt(siteUrl),
    "sitemap.xml": sitemapXml(siteUrl, buildDate),
    "site.webmanifest": `${JSON.stringify(webManifest(), null, 2)}\n`,
    "llms.txt": llmsTxt(siteUrl),
  };
}

function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

function sitemapXml(siteUrl: string, buildDate: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>${siteUrl}/</loc>
    <lastmod>${buildDate}</lastmod>
  </url>
</urlset>
`;
}

function webManifest() {
  return {
    name: business.name,
    short_name: business.shortName,
    description: site.description,
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: site.themeColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}

function llmsTxt(siteUrl: string): string {
  const home = `${siteUrl}/`;
  return [
    `# ${business.name}`,
    "",
    `> ${site.description}`,
    "",
    `${business.name} is a women-owned, family-operated company based in ${business.address.locality}, ${business.address.regionName}, since ${business.foundedYear}. Phone: ${business.phone.display}. ${businessHours.rows.map((row) => `${row.days}: ${row.hours}`).join("; ")}. ${businessHours.emergencyNote}`,
    "",
    "## Services",
    "",
    ...services.map((service) => `- [${service.title}](${home}#services): ${service.description}`),
    "",
    "## Contact",
    "",
    `- [Request a free inspection](${home}#contact): the contact form; we reply within 24 hours.`,
    `- [Call ${business.phone.display}](${business.phone.href}): emergencies 24/7.`,
    "",
    "## Service areas",
    "",
    `${serviceAreas.join(", ")}, ${serviceAreasSuffix} in Southeast Michigan.`,
    "",
    "## FAQ",
    "",
    ...faq.items.map((item) => `- [${item.question}](${home}#faq): ${item.answer}`),
    "",
  ].join("\n");
}
