import * as v from "valibot";

/**
 * What the site measures of a visit, first-party (docs/owner-tools.md, "What the site brings"):
 * where the visitor came from, what they did, and how the page felt, sent once per page view to
 * the send-contact-email function. No identifier: nothing links one visit to another, and a lead
 * carries only its own visit's source. The schemas (valibot) are the one definition: the types
 * below are read from them, and the function checks every beacon and every lead's source with them.
 */

/** The longest text each field may carry; longer is refused, not cut. */
export const visitLimits = {
  /** A host name's longest legal length. */
  referrer: 253,
  utm: 100,
  selector: 200,
  /** A beacon's body: far more than a real one (about 500 bytes) needs. */
  beaconBytes: 4096,
  /** Longer than any page view's timing: an hour, in milliseconds. */
  milliseconds: 3_600_000,
  cls: 100,
} as const;

/** Viewports narrower than this are phones (Tailwind's `md`, where the page's layout changes). */
export const mobileMaxWidth = 767;

/** Printable text without control or invisible characters, as a tag or a CSS selector holds. */
const printable = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;
const hostName = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;

const text = (limit: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxGraphemes(limit), v.regex(printable));
const milliseconds = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(0),
  v.maxValue(visitLimits.milliseconds),
  v.transform(Math.round),
);

/** Where a visit came from: the landing address's campaign tags and the referring site's host. */
export const visitSourceEntries = {
  utmSource: v.optional(text(visitLimits.utm)),
  utmMedium: v.optional(text(visitLimits.utm)),
  utmCampaign: v.optional(text(visitLimits.utm)),
  /** The referring page's host name only (`www.google.com`), never its path or query. */
  referrer: v.optional(
    v.pipe(v.string(), v.maxLength(visitLimits.referrer), v.toLowerCase(), v.regex(hostName)),
  ),
  /** Whether a Google Ads or Facebook click id was in the address (its value is never kept). */
  gclid: v.optional(v.boolean()),
  fbclid: v.optional(v.boolean()),
};

export const visitSourceSchema = v.strictObject(visitSourceEntries);
export type VisitSource = v.InferOutput<typeof visitSourceSchema>;

/** The submission fields that carry a lead's source: the beacon's names. */
export const visitSourceFields = Object.keys(visitSourceEntries) as (keyof VisitSource)[];

/** A page view's beacon: where from, what the visitor did, and Core Web Vitals from `web-vitals`. */
export const visitBeaconSchema = v.strictObject({
  page: v.picklist(["home", "not-found"]),
  /** A phone or a computer, from the width of the viewport. */
  device: v.picklist(["mobile", "desktop"]),
  ...visitSourceEntries,
  /** Touched, scrolled, typed, moved the mouse: anything that starts the app. */
  acted: v.optional(v.boolean()),
  scrolledPastHero: v.optional(v.boolean()),
  phoneTapped: v.optional(v.boolean()),
  chatOpened: v.optional(v.boolean()),
  formFocused: v.optional(v.boolean()),
  /** A request sent from this page view: by the app, or by the browser posting the form. */
  sent: v.optional(v.picklist(["app", "native"])),
  lcp: v.optional(milliseconds),
  /** The LCP element and the slowest interaction's target, as the attribution build names them. */
  lcpElement: v.optional(text(visitLimits.selector)),
  inp: v.optional(milliseconds),
  inpTarget: v.optional(text(visitLimits.selector)),
  cls: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(visitLimits.cls))),
  fcp: v.optional(milliseconds),
  ttfb: v.optional(milliseconds),
  /** From the visitor's first act to the app being interactive. */
  actToInteractive: v.optional(milliseconds),
});

export type VisitBeacon = v.InferOutput<typeof visitBeaconSchema>;
export type VisitBeaconInput = v.InferInput<typeof visitBeaconSchema>;
export type DeviceClass = VisitBeacon["device"];

/** A plain form sends its fields as text: "true" is a flag that is set, "" one that is not. */
const formFlags = (body: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    visitSourceFields
      .filter((field) => body[field] !== undefined && body[field] !== "")
      .map((field) => {
        const value = body[field];
        return [
          field,
          field === "gclid" || field === "fbclid" ? value === true || value === "true" : value,
        ];
      }),
  );

export type SourceRead = { ok: true; value: VisitSource } | { ok: false; error: string };

/**
 * A lead's source from its submission (JSON, or a plain form's strings). Other fields of the
 * submission are not looked at; a source field of the wrong shape refuses the source, never the
 * lead, which is then stored as from an unknown source.
 */
export function readVisitSource(body: Readonly<Record<string, unknown>>): SourceRead {
  const checked = v.safeParse(visitSourceSchema, formFlags(body));
  return checked.success
    ? { ok: true, value: checked.output }
    : { ok: false, error: v.summarize(checked.issues) };
}

/** The function's `{ error }` for a beacon it refuses; a browser never shows them. */
export const visitAnswerErrors = {
  method: "Send the visit with POST.",
  forbiddenOrigin: "This website may not send visits here.",
  unsupportedType: "Send the visit as JSON, with Content-Type text/plain or application/json.",
  tooLarge: (maxBytes: number) => `A visit is at most ${maxBytes} bytes.`,
  notJson: "The visit is not a JSON object.",
  invalid: (problem: string) => `The visit could not be read: ${problem}`,
  tooMany: (seconds: number) => `Too many visits from this address; try again in ${seconds} s.`,
  busy: "Too many visits at once; this one was not stored.",
} as const;

/** The path below the contact function that takes the page's beacons. */
export const visitRoutePath = "/visit";
