import { markContactedLink } from "@bluewater/content/contact";
import type { ContactLinkSettings } from "../platform/config.ts";
import { base64url, hmacSha256 } from "../platform/hmac.ts";
import { constantTimeEqual } from "../platform/secrets.ts";

// Signed along with the lead and the expiry, so that no token made with the secret for any other
// use can ever pass as this one.
const purpose = "mark-contacted";
const leadIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tokenShape = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

/** The first 128 bits of the HMAC (RFC 2104 allows cutting it to half): a shorter link in the SMS. */
async function signature(secret: string, leadId: string, expires: number): Promise<string> {
  const mac = await hmacSha256(secret, `${purpose}\n${leadId}\n${expires}`);
  return base64url(new Uint8Array(mac, 0, 16));
}

/**
 * `<expiry in seconds, base 36>.<signature>`: valid for this lead only, for `days` from
 * `issuedAt`. The same lead and time always give the same token, so a notification renders the
 * same message on every attempt (providers compare a retried message with the first).
 */
export async function contactToken(
  settings: ContactLinkSettings,
  leadId: string,
  issuedAt: Date,
): Promise<string> {
  const expires = Math.floor(issuedAt.getTime() / 1000) + settings.days * 24 * 60 * 60;
  return `${expires.toString(36)}.${await signature(settings.secret, leadId, expires)}`;
}

/**
 * The link an owner alert carries, to the owner's page on the site, with the lead and its token
 * in the fragment (`markContactedLink`). Undefined when the site's address is not known, and on
 * a deployed project without a safe CONTACT_LINK_SECRET: an alert then carries no link at all.
 */
export async function contactLink(
  siteUrl: string | undefined,
  settings: ContactLinkSettings,
  leadId: string,
  issuedAt: Date,
): Promise<string | undefined> {
  if (siteUrl === undefined || !settings.enabled) return undefined;
  return markContactedLink(siteUrl, leadId, await contactToken(settings, leadId, issuedAt));
}

export type TokenProblem = "incomplete" | "invalid" | "expired";

/**
 * Why a link may not mark this lead, or undefined when it may. The signature is checked before
 * the expiry, so a forged token is called invalid whatever expiry it claims; a token signed for
 * another lead is invalid for this one.
 */
export async function tokenProblem(
  settings: ContactLinkSettings,
  leadId: string,
  token: string | undefined,
  now: Date,
): Promise<TokenProblem | undefined> {
  const match = tokenShape.exec(token ?? "");
  if (!leadIdShape.test(leadId) || !match?.[1] || !match[2]) return "incomplete";
  const expires = Number.parseInt(match[1], 36);
  if (!constantTimeEqual(match[2], await signature(settings.secret, leadId, expires))) {
    return "invalid";
  }
  return now.getTime() / 1000 > expires ? "expired" : undefined;
}
