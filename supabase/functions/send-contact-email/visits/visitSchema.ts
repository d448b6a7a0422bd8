import {
  googleClickIdField,
  googleClickIdShape,
  type LeadSource,
  type VisitBeacon,
  type VisitSource,
  visitLimits,
  visitSourceFields,
  visitTextProblems,
} from "@bluewater/content/visit";
import * as v from "valibot";

/**
 * The schemas every beacon and every lead's source are checked against (valibot), made to the
 * content package's types: the two assertions below fail to compile if they drift apart.
 */

/** Printable text without control or invisible characters, as a tag or a CSS selector holds. */
const printable = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;
const hostName = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;

/**
 * Length in code points, as the page clips a tag (apps/web/src/visit/visitSource.ts) and as the
 * tables' `char_length` checks count it: whatever passes here fits the column, so a lead is never
 * refused by the database for its source. A lone surrogate is refused: no page produces one.
 */
const text = (limit: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(),
    v.check((value) => value.isWellFormed(), visitTextProblems.notWellFormed),
    v.check((value) => codePoints(value) <= limit, visitTextProblems.tooLong(limit)),
    v.regex(printable, visitTextProblems.notPrintable),
  );

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}
const milliseconds = v.pipe(
  v.number(),
  v.finite(),
  v.minValue(0),
  v.maxValue(visitLimits.milliseconds),
  v.transform(Math.round),
);

const visitSourceEntries = {
  utmSource: v.optional(text(visitLimits.utm)),
  utmMedium: v.optional(text(visitLimits.utm)),
  utmCampaign: v.optional(text(visitLimits.utm)),
  referrer: v.optional(
    v.pipe(v.string(), v.maxLength(visitLimits.referrer), v.toLowerCase(), v.regex(hostName)),
  ),
  gclid: v.optional(v.boolean()),
  fbclid: v.optional(v.boolean()),
};

export const visitSourceSchema = v.strictObject(visitSourceEntries);

export const visitBeaconSchema = v.strictObject({
  page: v.picklist(["home", "not-found"]),
  device: v.picklist(["mobile", "desktop"]),
  ...visitSourceEntries,
  acted: v.optional(v.boolean()),
  scrolledPastHero: v.optional(v.boolean()),
  phoneTapped: v.optional(v.boolean()),
  chatOpened: v.optional(v.boolean()),
  formFocused: v.optional(v.boolean()),
  sent: v.optional(v.picklist(["app", "native"])),
  lcp: v.optional(milliseconds),
  lcpElement: v.optional(text(visitLimits.selector)),
  inp: v.optional(milliseconds),
  inpTarget: v.optional(text(visitLimits.selector)),
  cls: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(visitLimits.cls))),
  fcp: v.optional(milliseconds),
  ttfb: v.optional(milliseconds),
  actToInteractive: v.optional(milliseconds),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const beaconMatches: Same<v.InferOutput<typeof visitBeaconSchema>, VisitBeacon> = true;
const sourceMatches: Same<v.InferOutput<typeof visitSourceSchema>, VisitSource> = true;
void beaconMatches;
void sourceMatches;

/** A plain form sends its fields as text: "true" is a flag that is set, "" one that is not. */
const sourceFieldsOf = (body: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    visitSourceFields
      .filter((field) => body[field] !== undefined && body[field] !== "")
      .map((field) => {
        const value = body[field];
        const flag = field === "gclid" || field === "fbclid";
        return [field, flag ? value === true || value === "true" : value];
      }),
  );

export type SourceRead =
  | { ok: true; value: LeadSource; problem?: string }
  | { ok: false; error: string };

/**
 * A lead's source from its submission (JSON, or a plain form's strings). Other fields of the
 * submission are not looked at; a source field of the wrong shape refuses the source, never the
 * lead, which is then stored as from an unknown source. The ad click's id is read on its own: one
 * of another shape is left out (`problem` says so), the rest of the source kept; one that is
 * there marks the lead as from a Google Ads click, as the flag does.
 */
export function readLeadSource(body: Readonly<Record<string, unknown>>): SourceRead {
  const checked = v.safeParse(visitSourceSchema, sourceFieldsOf(body));
  if (!checked.success) return { ok: false, error: fieldsOf(checked.issues) };
  const id = body[googleClickIdField];
  if (id === undefined || id === "") return { ok: true, value: checked.output };
  if (typeof id !== "string" || !googleClickIdShape.test(id)) {
    return { ok: true, value: checked.output, problem: googleClickIdField };
  }
  return { ok: true, value: { ...checked.output, gclid: true, googleClickId: id } };
}

/**
 * The fields a refused source failed on, and nothing of their values: the log that says why a
 * lead lost its source carries nothing the lead's sender wrote.
 */
function fieldsOf(issues: readonly v.BaseIssue<unknown>[]): string {
  return [...new Set(issues.map((issue) => v.getDotPath(issue) ?? "source"))].join(", ");
}
