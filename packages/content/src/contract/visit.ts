/**
 * What the site measures of a visit, first-party (docs/owner-tools.md, "What the site brings"):
 * where the visitor came from, what they did, and how the page felt, sent once per page view to
 * the send-contact-email function. No identifier: nothing links one visit to another, and a lead
 * carries only its own visit's source. No dependencies: the page's first script, the app and other
 * teams read these types; the function checks every beacon against a schema made to match them
 * (supabase/functions/send-contact-email/visits/visitSchema.ts).
 */

/** Where a visit came from: the landing address's campaign tags and the referring site's host. */
export interface VisitSource {
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
  /** The referring page's host name only (`www.google.com`), never its path or query. */
  referrer?: string | undefined;
  /** Whether a Google Ads or Facebook click id was in the address (its value is never kept). */
  gclid?: boolean | undefined;
  fbclid?: boolean | undefined;
}

/**
 * Where a lead came from: its visit's source and, for a visit from an ad, the ad click's real
 * Google click id, so that `pnpm leads conversions` can tell Google Ads which click became a job
 * (docs/owner-tools.md, "After the call"). Only a request carries the id: a beacon that holds it
 * is refused, and visits keep only whether one was there.
 */
export interface LeadSource extends VisitSource {
  googleClickId?: string | undefined;
}

/** A Google click id as Google writes one, and as `contact_requests.gclid` accepts it. */
export const googleClickIdShape = /^[A-Za-z0-9_-]{1,200}$/;

/** The field of a request that carries the click id: in JSON, and as a plain form's hidden field. */
export const googleClickIdField = "googleClickId" as const;

/** A page view's beacon: where from, what the visitor did, and Core Web Vitals from `web-vitals`. */
export interface VisitBeacon extends VisitSource {
  page: "home" | "not-found";
  /** A phone or a computer, from the width of the viewport. */
  device: "mobile" | "desktop";
  /** Touched, scrolled, typed, moved the mouse: anything that starts the app. */
  acted?: boolean | undefined;
  scrolledPastHero?: boolean | undefined;
  phoneTapped?: boolean | undefined;
  chatOpened?: boolean | undefined;
  formFocused?: boolean | undefined;
  /** A request sent from this page view: by the app, or by the browser posting the form. */
  sent?: "app" | "native" | undefined;
  /** Milliseconds; CLS has no unit. */
  lcp?: number | undefined;
  /** The LCP element and the slowest interaction's target, as the attribution build names them. */
  lcpElement?: string | undefined;
  inp?: number | undefined;
  inpTarget?: string | undefined;
  cls?: number | undefined;
  fcp?: number | undefined;
  ttfb?: number | undefined;
  /** From the visitor's first act to the app being interactive. */
  actToInteractive?: number | undefined;
}

export type DeviceClass = VisitBeacon["device"];

/**
 * The longest text each field may carry, in Unicode code points (as the page clips a tag and the
 * tables' `char_length` counts); longer is refused, not cut.
 */
export const visitLimits = {
  /** A host name's longest legal length. */
  referrer: 253,
  utm: 100,
  selector: 200,
  /** A beacon's body: far more than a real one (about 500 bytes) needs. */
  beaconBytes: 4096,
  /** Seconds a beacon's body may take to arrive whole; a real one arrives at once. */
  bodySeconds: 5,
  /** Longer than any page view's timing: an hour, in milliseconds. */
  milliseconds: 3_600_000,
  cls: 100,
} as const;

/** The submission fields that carry a lead's source: the beacon's names. */
export const visitSourceFields = [
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "referrer",
  "gclid",
  "fbclid",
] as const satisfies readonly (keyof VisitSource)[];

/** The path below the contact function that takes the page's beacons. */
export const visitRoutePath = "/visit";

/** Why a tag or a selector is refused, in the `error` of a refused beacon. */
export const visitTextProblems = {
  notWellFormed: "Text holds a lone surrogate, which no page sends.",
  tooLong: (limit: number) => `Text is at most ${limit} characters (Unicode code points).`,
  notPrintable: "Text holds a control or invisible character.",
} as const;

/** The function's `{ error }` for a beacon it refuses; a browser never shows them. */
export const visitAnswerErrors = {
  method: "Send the visit with POST.",
  forbiddenOrigin: "This website may not send visits here.",
  unsupportedType: "Send the visit as JSON, with Content-Type text/plain or application/json.",
  tooLarge: (maxBytes: number) => `A visit is at most ${maxBytes} bytes.`,
  late: (seconds: number) => `The visit's body did not arrive within ${seconds} s.`,
  notJson: "The visit is not a JSON object.",
  invalid: (problem: string) => `The visit could not be read: ${problem}`,
  tooMany: (seconds: number) => `Too many visits from this address; try again in ${seconds} s.`,
  busy: "Too many visits at once; this one was not stored.",
} as const;
