import { googleClickIdShape, type VisitSource, visitLimits } from "@bluewater/content/visit";

/**
 * What a tag may hold: no control or invisible character, at most 100 code points (as the
 * function counts, so that a clipped tag is never refused), never half of a surrogate pair.
 */
const tagValue = (value: string | null) =>
  Array.from(value?.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "").trim() ?? "")
    .slice(0, visitLimits.utm)
    .join("") || undefined;

/**
 * Where this visit came from, as the owner's report and each lead say it: the address's campaign
 * tags, whether an ad's click id was there (never its value), and the referring site's host name
 * (never its path, and not this site's own). Nothing else of the address or the referrer is kept.
 */
export function visitSource(
  address: URL = new URL(location.href),
  referrer: string = document.referrer,
): VisitSource {
  const params = address.searchParams;
  const source: VisitSource = {
    utmSource: tagValue(params.get("utm_source")),
    utmMedium: tagValue(params.get("utm_medium")),
    utmCampaign: tagValue(params.get("utm_campaign")),
  };
  if (params.has("gclid")) source.gclid = true;
  if (params.has("fbclid")) source.fbclid = true;
  const host = URL.canParse(referrer) ? new URL(referrer).hostname.toLowerCase() : "";
  if (host && host !== address.hostname && /^[a-z0-9.-]{1,253}$/.test(host)) source.referrer = host;
  return source;
}

/**
 * The ad click's Google click id, for the request the visitor may send (never for the beacon):
 * a won lead is reported back to Google Ads by it. Undefined when absent or of another shape.
 */
export function googleClickIdOf(address: URL = new URL(location.href)): string | undefined {
  const id = address.searchParams.get("gclid") ?? "";
  return googleClickIdShape.test(id) ? id : undefined;
}
