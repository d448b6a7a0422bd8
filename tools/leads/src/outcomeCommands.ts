/**
 * `pnpm leads outcome`, `sources` and `conversions` (docs/owner-tools.md, "After the call"):
 * marking what a lead became from the terminal, what each source's leads became, and Google Ads'
 * offline conversion import file for the won leads that came from an ad.
 */
import {
  centsOf,
  isLostReason,
  isOutcomeStep,
  lostReasons,
  type OutcomeRequest,
  outcomeSteps,
  stepsWithAmount,
} from "@bluewater/content/contact";
import { leadOutcomes as words } from "@bluewater/content/lead-outcomes";
import type { RunQuery } from "@bluewater/supabase/owner-report";
import type { SourceRevenue } from "@bluewater/supabase/source-revenue";
import { TZDate } from "@date-fns/tz";
import { csvLine } from "./csv.ts";

/**
 * The mark a command line asks for: `<step> [amount in dollars | reason]`, or `--undo <step>`;
 * a readable sentence when it is not one.
 */
export function outcomeFromArguments(
  step: string,
  value: string | undefined,
  undo: boolean,
): OutcomeRequest | string {
  if (!isOutcomeStep(step)) return `the step must be one of ${outcomeSteps.join(", ")}`;
  if (undo) return { kind: "undo", step };
  if (stepsWithAmount.includes(step)) {
    const cents = centsOf(value ?? "");
    if (cents === undefined) return `${step} needs its amount in dollars, like 4800 or 4800.50`;
    return { kind: "mark", step, amountCents: cents, reason: null };
  }
  if (step === "lost") {
    if (!isLostReason(value)) return `lost needs one reason: ${lostReasons.join(", ")}`;
    return { kind: "mark", step, amountCents: null, reason: value };
  }
  if (value !== undefined) return `${step} takes no amount or reason`;
  return { kind: "mark", step, amountCents: null, reason: null };
}

const revenueColumns = [
  "source",
  "leads",
  "called",
  "inspected",
  "won",
  "revenue",
  "close_rate",
  "median_days_to_won",
];

/** Each source's figures as CSV: amounts in dollars, the rate 0 to 1, empty where none. */
export function sourcesCsv(rows: readonly [string, SourceRevenue][]): string {
  return (
    csvLine(revenueColumns) +
    rows
      .map(([label, figures]) =>
        csvLine([
          label,
          figures.leads,
          figures.called,
          figures.inspected,
          figures.won,
          (figures.revenueCents / 100).toFixed(2),
          figures.closeRate === null ? "" : figures.closeRate.toFixed(4),
          figures.medianDaysToWon === null ? "" : figures.medianDaysToWon.toFixed(1),
        ]),
      )
      .join("")
  );
}

/** Google Ads' column names for an import of conversions from clicks. */
export const conversionColumns = [
  "Google Click ID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

/**
 * `yyyy-mm-dd hh:mm:ss+hh:mm`: the time in the business's time zone with its offset, the form
 * Google Ads documents for a conversion's date and time with its time zone.
 */
export function googleAdsTime(at: Date, timeZone: string): string {
  // TZDate writes its zone's local time and offset: 2026-07-04T12:05:09.750-04:00.
  const local = new TZDate(at.getTime(), timeZone).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${local.slice(23)}`;
}

export interface WonClick {
  gclid: string;
  won_at: Date;
  amount_cents: number;
}

/** Won leads with a click id, won on or after `since`, oldest first. */
export async function wonClicks(run: RunQuery, since: Date): Promise<WonClick[]> {
  const rows = await run(
    `select r.gclid, o.at as won_at, o.amount_cents
     from public.lead_outcomes o join public.contact_requests r on r.id = o.contact_request_id
     where o.step = 'won' and o.undone_at is null and r.gclid is not null and not r.is_spam
       and o.at >= $1::timestamptz
     order by o.at, r.id`,
    [since.toISOString()],
  );
  return rows.map((row) => ({
    gclid: String(row.gclid),
    won_at: new Date(row.won_at as Date | string),
    amount_cents: Number(row.amount_cents),
  }));
}

/**
 * The import file: Google's header, then one row per won lead with a click id, each field quoted
 * and guarded as the leads' CSV is: a click id comes from the visitor's address, and `-2-2`, a
 * shape the table accepts, is a formula to a spreadsheet.
 */
export function conversionsCsv(
  clicks: readonly WonClick[],
  options: { name: string; timeZone: string },
): string {
  return (
    csvLine(conversionColumns) +
    clicks
      .map((click) =>
        csvLine([
          click.gclid,
          options.name,
          googleAdsTime(click.won_at, options.timeZone),
          (click.amount_cents / 100).toFixed(2),
          words.conversions.currency,
        ]),
      )
      .join("")
  );
}
