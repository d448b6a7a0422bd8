import { business, notFoundPage, site } from "@bluewater/content";
import { escapeAttribute, escapeText } from "entities/escape";
import { businessStructuredData, serializeJsonLd } from "./structuredData.ts";

export type PageKind = "home" | "not-found";

interface HeadOptions {
  siteUrl: string;
  /** The favicon's SVG, inlined so the browser makes no request for it before the first paint. */
  faviconSvg: string;
}

export function svgDataUri(svg: string): string {
  const compact = svg
    .replace(/<title>.*?<\/title>/s, "")
    .replace(/>\s+</g, "><")
    .trim();
  return `data:image/svg+xml,${encodeURIComponent(compact)}`;
}

const meta = (name: string, content: string) =>
  `<meta name="${name}" content="${escapeAttribute(content)}" />`;
const property = (name: string, content: string) =>
  `<meta property="${name}" content="${escapeAttribute(content)}" />`;

/** Everything in <head> besides the stylesheet and scripts, for one prerendered page. */
export function documentHead(kind: PageKind, { siteUrl, faviconSvg }: HeadOptions): string {
  const canonical = `${siteUrl}/`;
  const title = kind === "home" ? site.title : notFoundPage.title;
  const tags = [
    `<title>${escapeText(title)}</title>`,
    meta("description", site.description),
    meta("theme-color", site.themeColor),
    `<link rel="icon" href="${svgDataUri(faviconSvg)}" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />`,
    // The web manifest is linked by the boot script after the first paint (see src/start/boot.ts).
  ];
  if (kind === "not-found") return [...tags, meta("robots", "noindex")].join("\n    ");
  return [
    ...tags,
    `<link rel="canonical" href="${canonical}" />`,
    property("og:type", "website"),
    property("og:site_name", business.name),
    property("og:locale", site.lang.replace("-", "_")),
    property("og:title", site.title),
    property("og:description", site.description),
    property("og:url", canonical),
    property("og:image", `${siteUrl}${site.ogImage.src}`),
    property("og:image:width", String(site.ogImage.width)),
    property("og:image:height", String(site.ogImage.height)),
    property("og:image:alt", site.ogImage.alt),
    meta("twitter:card", "summary_large_image"),
    `<script type="application/ld+json">${serializeJsonLd(businessStructuredData(siteUrl))}</script>`,
  ].join("\n    ");
}
