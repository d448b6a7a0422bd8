import { serviceOptionLabel } from "@bluewater/content/contact";
import { visitSourceWords } from "@bluewater/content/visit-sources";
import { clipText, showHidden, visibleLines } from "@bluewater/supabase/lead-text";
import { sourceLabelOfRow } from "@bluewater/supabase/visit-source";
import type { LeadRow, QueueRow, ResponseSummary } from "./leadQueries.ts";
import { channelLabel, leadState, shortDuration, troubled } from "./leadState.ts";

const indent = " ".repeat(18);

/**
 * A column `width` characters wide on one line: hidden characters shown as their codes (so no
 * lead can move the cursor, clear the screen or reorder the line), runs of spaces made one.
 */
function column(text: string, width: number): string {
  const line = clipText(showHidden(text).replace(/\s+/g, " ").trim(), width);
  return line + " ".repeat(Math.max(0, width - Array.from(line).length));
}

/** The message on one line, each of its line breaks shown as ↵. */
function messagePreview(message: string, width: number): string {
  const lines = visibleLines(message)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
  return clipText(lines.join(" ↵ "), width);
}

function when(date: Date | null): string {
  return date ? date.toISOString().replace("T", " ").slice(0, 16) : "";
}

/** What `pnpm leads list` prints for one lead: its row, then its message and its troubles. */
export function leadLines(lead: LeadRow): string[] {
  const toContact = lead.seconds_to_contact === null ? "—" : shortDuration(lead.seconds_to_contact);
  const row =
    `${when(lead.created_at)}  ${column(leadState(lead), 10)} ${column(toContact, 10)} ` +
    `${column(lead.name, 24)} ${column(lead.phone, 18)} ${column(lead.email, 30)} ` +
    `${column(serviceOptionLabel(lead.service) || "—", 26)} ${lead.id}`;
  const lines = [row];
  // Where the lead came from, when its visit said: a lead with no such line came directly.
  const source = sourceLabelOfRow(lead);
  if (source !== visitSourceWords.direct) {
    lines.push(`${indent}${column(`${visitSourceWords.via} ${source}`, 60).trimEnd()}`);
  }
  if (lead.message) lines.push(`${indent}${messagePreview(lead.message, 120)}`);
  for (const notification of lead.notifications) {
    const trouble = troubled(notification);
    if (trouble) {
      const error = column(notification.last_error ?? "", 200).trimEnd();
      lines.push(`${indent}${trouble}${error ? `: ${error}` : ""}`);
    }
  }
  return lines;
}

/** The last line of `list`: how fast the business answered its real leads of the last 30 days. */
export function summaryLine(summary: ResponseSummary): string {
  const leads = `${summary.leads} lead${summary.leads === 1 ? "" : "s"}`;
  const never = summary.leads - summary.marked;
  const times =
    summary.median === null || summary.p90 === null
      ? "none marked as called yet"
      : `time to contact median ${shortDuration(summary.median)}, 90th percentile ${shortDuration(summary.p90)}; ${never} never marked as called`;
  return `Last 30 days: ${leads}; ${times}.`;
}

/** Where a notification stands, in `queue`'s first column. */
function queueState(row: QueueRow): string {
  switch (row.status) {
    case "delivered":
      if (row.receipt_status === "delivered") return `arrived ${when(row.receipt_at)}`;
      if (row.receipt_status) return `NOT ARRIVED (${row.receipt_status})`;
      return `delivered ${when(row.delivered_at)}`;
    case "failed":
      return "FAILED";
    case "cancelled":
      return "cancelled (marked called)";
    case "folded":
      return "folded into a summary text";
    case "suppressed":
      return "held back (hourly limit)";
    default:
      return `next try ${when(row.next_attempt_at)}`;
  }
}

/** What the carrier said of a text, when Twilio's receipt said it did not arrive or it was sent again. */
function receiptLine(row: QueueRow): string | undefined {
  const code = row.receipt_error_code ? `, Twilio error ${row.receipt_error_code}` : "";
  const again = row.resent_at ? `sent again ${when(row.resent_at)} after it did not arrive` : "";
  if (row.receipt_status === "undelivered" || row.receipt_status === "failed") {
    return `receipt ${when(row.receipt_at)}: ${row.receipt_status}${code}${again ? `; ${again}` : "; to be sent again"}`;
  }
  return again || undefined;
}

/** What `pnpm leads queue` prints for one notification. */
export function queueLines(row: QueueRow): string[] {
  const lines = [
    `${column(queueState(row), 28)} attempts ${String(row.attempts).padStart(2)}  ${column(channelLabel(row), 30)} ${row.lead_id ? `${column(row.name ?? "", 24)} lead ${row.lead_id}` : ""}`.trimEnd(),
  ];
  if (row.last_error && row.status !== "delivered") {
    lines.push(`${" ".repeat(29)}${column(row.last_error, 200).trimEnd()}`);
  }
  const receipt = receiptLine(row);
  if (receipt) lines.push(`${" ".repeat(29)}${receipt}`);
  return lines;
}
