import { business } from "@bluewater/content/business";

function originOf(value: string | null | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
}

/** The concrete origins of ALLOWED_ORIGINS, as URLs spell them; `*` names none. */
export function listedOrigins(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.flatMap((entry) => originOf(entry) ?? []);
}

/**
 * The site a browser's form post is sent back to: the request's Origin when ALLOWED_ORIGINS
 * lists it, else the Referer's origin when listed, else the first listed origin, else the
 * business's own address. Only a listed or built-in origin is ever returned, so the answer can
 * never redirect a visitor to a site an attacker named.
 */
export function siteOriginFor(headers: Headers, allowedOrigins: readonly string[]): string {
  const listed = listedOrigins(allowedOrigins);
  for (const candidate of [headers.get("origin"), headers.get("referer")]) {
    const origin = originOf(candidate);
    if (origin !== undefined && listed.includes(origin)) return origin;
  }
  return listed[0] ?? new URL(business.siteUrl).origin;
}
