import { open } from "node:fs/promises";
import { serviceOptionLabel } from "@bluewater/content/contact";
import { visibleLines } from "@bluewater/supabase/lead-text";
import { sourceLabelOfRow } from "@bluewater/supabase/visit-source";
import type { LeadRow } from "./leadQueries.ts";
import { channelLabel, leadState } from "./leadState.ts";

// A spreadsheet runs a cell as a formula when its first visible character is one of these (the
// full-width and small forms too), even behind spaces or invisible characters such as U+200B or
// a BOM; a cell starting with a tab or line break is treated the same way by some importers.
// Tested on the text as stored, before its hidden characters are shown as codes.
const formulaStart =
  /^(?:[\t\r\n]|[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u;

/**
 * One CSV field, always quoted. A lead's text keeps its line breaks (as LF: a cell holds several
 * lines) and shows any other hidden character as its code; a cell that could start a formula
 * gets a leading ', which makes the spreadsheet show it as text (CSV injection).
 */
export function csvField(value: unknown): string {
  const raw = value instanceof Date ? value.toISOString() : value == null ? "" : String(value);
  const text = visibleLines(raw).join("\n");
  const cell = formulaStart.test(raw) ? `'${text}` : text;
  return `"${cell.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Every column the owner's spreadsheet gets, in order. */
const leadColumns = [
  "id",
  "created_at",
  "name",
  "email",
  "phone",
  "service",
  "service_label",
  "message",
  "state",
  "contacted_at",
  "seconds_to_contact",
  "escalated_at",
  "is_spam",
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referrer_host",
  "notifications",
];

/** One line per notification: where it went, its state, and why it failed. */
function notificationCell(notifications: LeadRow["notifications"]): string {
  return notifications
    .map((notification) =>
      [
        `${channelLabel(notification)}: ${notification.status}`,
        notification.attempts > 1 ? ` after ${notification.attempts} tries` : "",
        notification.last_error && notification.status !== "delivered"
          ? `: ${notification.last_error}`
          : "",
      ].join(""),
    )
    .join("\n");
}

/** The leads as a CSV file: a header line, then one line per lead. */
export function leadsCsv(leads: readonly LeadRow[]): string {
  const lines = leads.map((lead) =>
    csvLine([
      lead.id,
      lead.created_at,
      lead.name,
      lead.email,
      lead.phone,
      lead.service,
      serviceOptionLabel(lead.service),
      lead.message,
      leadState(lead),
      lead.contacted_at,
      lead.seconds_to_contact,
      lead.escalated_at,
      lead.is_spam,
      sourceLabelOfRow(lead),
      lead.utm_source,
      lead.utm_medium,
      lead.utm_campaign,
      lead.referrer_host,
      notificationCell(lead.notifications),
    ]),
  );
  return csvLine(leadColumns) + lines.join("");
}

/**
 * A CSV file to stdout, or to `out` readable by this user alone, as the leads' details deserve: a
 * new file is made so, and an existing one is narrowed so before a byte of it is written.
 */
export async function writeCsv(csv: string, out: string | undefined, what: string): Promise<void> {
  if (!out) return void process.stdout.write(csv);
  const file = await open(out, "w", 0o600);
  try {
    await file.chmod(0o600);
    await file.writeFile(csv);
  } finally {
    await file.close();
  }
  console.error(`wrote ${what} to ${out}`);
}
