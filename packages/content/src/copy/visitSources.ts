import type { VisitSource } from "../contract/visit.ts";

/**
 * How the owner reads where a visit or a lead came from (the owner's email and text, `pnpm leads`,
 * `pnpm report`). Campaign tags win over the referring site: a QR code on the truck is printed as
 * `https://…/?utm_source=truck&utm_medium=qr`, an ad's link carries `utm_source=google`.
 */
export const visitSourceWords = {
  /** Before the source in the owner's email and text: "via Google Ads". */
  via: "via",
  /** No tag and no referring site: typed in, a bookmark, an app, or the page without JavaScript. */
  direct: "Direct",
  googleAds: "Google Ads",
  googleSearch: "Google search",
  facebook: "Facebook",
  qrCode: "the truck's QR code",
} as const;

/** `utm_source` values (lower case) with a friendly name; any other is shown as given. */
const namedTags: Readonly<Record<string, string>> = {
  google: "Google",
  bing: "Bing",
  facebook: "Facebook",
  fb: "Facebook",
  instagram: "Instagram",
  ig: "Instagram",
  nextdoor: "Nextdoor",
  yelp: "Yelp",
  angi: "Angi",
  truck: visitSourceWords.qrCode,
};

/** Referring sites by the end of their host name; any other is shown as its host. */
const namedSites: readonly (readonly [RegExp, string])[] = [
  [/(^|\.)google\.[a-z.]+$/, visitSourceWords.googleSearch],
  [/(^|\.)bing\.com$/, "Bing search"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo search"],
  [/(^|\.)search\.yahoo\.com$/, "Yahoo search"],
  [/(^|\.)(facebook\.com|fb\.com)$/, visitSourceWords.facebook],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)nextdoor\.com$/, "Nextdoor"],
  [/(^|\.)yelp\.com$/, "Yelp"],
];

const paid = new Set(["cpc", "ppc", "paid", "paidsearch", "paid_search", "ads"]);

/**
 * The name the owner reads for a source: "Google Ads" for a Google click id or a paid Google tag,
 * a known tag's or site's name, else the tag or host as given, else "Direct".
 */
export function visitSourceLabel(source: VisitSource): string {
  const tag = source.utmSource?.toLowerCase();
  const medium = source.utmMedium?.toLowerCase() ?? "";
  if (source.gclid || (tag === "google" && paid.has(medium))) return visitSourceWords.googleAds;
  if (tag === "qr" || medium === "qr") return visitSourceWords.qrCode;
  if (tag !== undefined) return namedTags[tag] ?? source.utmSource ?? "";
  if (source.fbclid) return visitSourceWords.facebook;
  const host = source.referrer?.toLowerCase();
  if (host === undefined) return visitSourceWords.direct;
  const site = namedSites.find(([pattern]) => pattern.test(host));
  return site ? site[1] : host.replace(/^www\./, "");
}
