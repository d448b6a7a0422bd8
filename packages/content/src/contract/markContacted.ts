/**
 * How the owner's page on the site and the function's `/contacted/<lead id>` route talk
 * (docs/owner-tools.md, "Marking a lead as called"). The alert links to the site's page with the
 * lead and its signed token in the address's fragment, which a browser never sends anywhere; the
 * page's script reads it and calls the function in JSON, the token in a header:
 *
 * - `GET  …/contacted/<lead id>` shows the lead and changes nothing;
 * - `POST …/contacted/<lead id>` marks it as called, once.
 */

/** The site's page the alerts link to. */
export const markContactedPagePath = "/contacted/";

/** The function's route below its own address: `/contacted/<lead id>`. */
export const markContactedRoute = "/contacted/";

/** The request header that carries the link's token: never in an address, never in a log line. */
export const leadTokenHeader = "x-lead-token";

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const fragmentShape = new RegExp(`^#?(${uuid})\\.([0-9a-z]{1,10}\\.[A-Za-z0-9_-]{22})$`);

/** The link an alert carries: `<site>/contacted/#<lead id>.<token>`. */
export function markContactedLink(siteUrl: string, leadId: string, token: string): string {
  return `${siteUrl}${markContactedPagePath}#${leadId}.${token}`;
}

/** The lead and token of a page address's fragment, or undefined when it is cut or altered. */
export function readMarkContactedFragment(
  hash: string,
): { leadId: string; token: string } | undefined {
  const match = fragmentShape.exec(hash.trim());
  return match?.[1] && match[2] ? { leadId: match[1], token: match[2] } : undefined;
}

/** A lead as the owner's page shows it: every value already made safe to show as text. */
export interface LeadOnPage {
  name: string;
  phone: string;
  /** `tel:` and the number's digits, when it has any to call. */
  phoneHref: string | undefined;
  email: string;
  service: string;
  /** When the request came in, in the business's time zone. */
  received: string;
  /** The message's lines ("(none)" for an empty one). */
  message: string[];
}

/** When the lead was marked as called (in the business's time zone), and how long after. */
export interface LeadContact {
  at: string;
  secondsToContact: number;
}

/**
 * GET's 200: the lead while nobody marked it; once marked, the mark only, so that a forwarded or
 * kept link discloses nothing of the lead after the owner called.
 */
export type LeadForPage =
  | { lead: LeadOnPage; contacted: null }
  | { lead: null; contacted: LeadContact };

/** POST's 200 (`marked`), and its 409 for a lead marked before (`already`). */
export interface LeadMarked {
  outcome: "marked" | "already";
  contacted: LeadContact;
}

/** Why nothing was shown or marked: each has a heading and a sentence in the page's words. */
export const markContactedRefusalReasons = [
  "incomplete",
  "invalid",
  "expired",
  "notFound",
  "linksOff",
  "unavailable",
  "unexpected",
] as const;
export type MarkContactedRefusalReason = (typeof markContactedRefusalReasons)[number];

export interface MarkContactedRefusal {
  reason: MarkContactedRefusalReason;
  /** The same sentence the page shows, for any other client. */
  error: string;
  /** For `expired`: how many days a link works. */
  days?: number;
}
