import { serviceOptionLabel } from "@bluewater/content/contact";
import { clipText, showHidden, visibleLines } from "@bluewater/supabase/lead-text";
import type { LeadRow, QueueRow } from "./leadQueries.ts";

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

function leadStatus(lead: LeadRow): string {
  if (lead.is_spam) return "spam";
  if (lead.status === "notification_failed") return `email failed (${lead.attempts} tries)`;
  if (lead.status === "new" && lead.attempts) return `email retrying (${lead.attempts})`;
  return lead.status === "notified" ? "emailed" : "new";
}

/** What `pnpm leads list` prints for one lead: its row, then its message and last error. */
export function leadLines(lead: LeadRow): string[] {
  const row =
    `${when(lead.created_at)}  ${column(leadStatus(lead), 22)} ${column(lead.name, 24)} ` +
    `${column(lead.phone, 18)} ${column(lead.email, 30)} ` +
    `${column(serviceOptionLabel(lead.service) || "—", 26)} ${lead.id}`;
  const lines = [row];
  if (lead.message) lines.push(`${indent}${messagePreview(lead.message, 120)}`);
  if (lead.status === "notification_failed") {
    lines.push(`${indent}last error: ${column(lead.last_error ?? "", 200).trimEnd()}`);
  }
  return lines;
}

/** What `pnpm leads queue` prints for one notification. */
export function queueLines(row: QueueRow): string[] {
  const state =
    row.status === "delivered"
      ? `delivered ${when(row.delivered_at)}`
      : row.status === "failed"
        ? "FAILED"
        : `next try ${when(row.next_attempt_at)}`;
  const lines = [
    `${column(state, 28)} attempts ${String(row.attempts).padStart(2)}  ${column(row.name, 24)} lead ${row.lead_id}`,
  ];
  if (row.last_error && row.status !== "delivered") {
    lines.push(`${" ".repeat(29)}${column(row.last_error, 200).trimEnd()}`);
  }
  return lines;
}
