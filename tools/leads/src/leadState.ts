import type { LeadNotification, LeadRow } from "./leadQueries.ts";

/**
 * Where a lead stands (docs/owner-tools.md): `new` until an owner alert reached the owner,
 * `alerted` then, `escalated` once nobody marked it in time, `contacted` once marked as called;
 * `spam` notifies no one.
 */
export type LeadState = "new" | "alerted" | "escalated" | "contacted" | "spam";

export function leadState(
  lead: Pick<LeadRow, "is_spam" | "contacted_at" | "escalated_at" | "notifications">,
): LeadState {
  if (lead.is_spam) return "spam";
  if (lead.contacted_at) return "contacted";
  if (lead.escalated_at) return "escalated";
  const alerted = lead.notifications.some(
    (notification) => notification.kind.startsWith("alert-") && notification.status === "delivered",
  );
  return alerted ? "alerted" : "new";
}

/**
 * "owner email", "owner SMS +15865550100", "acknowledgment", "escalation SMS +1…", "summary SMS
 * +1…", "weekly report", "review request", "review reminder".
 */
export function channelLabel(notification: Pick<LeadNotification, "kind" | "recipient">): string {
  const [stage = "", channel = ""] = notification.kind.split("-");
  if (notification.kind === "acknowledgment") return "acknowledgment";
  if (notification.kind === "owner-report") return "weekly report";
  if (notification.kind.startsWith("review-")) return notification.kind.replace("-", " ");
  const who = stage === "alert" ? "owner" : stage;
  return channel === "sms" ? `${who} SMS ${notification.recipient}` : `${who} email`;
}

/** "<1 min", "14 min", "2 h 05 min", "3 d 4 h": a time to contact in a narrow column. */
export function shortDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return "<1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A notification that needs the owner's eye: given up, failing and retried, or not arrived. */
export function troubled(notification: LeadNotification): string | undefined {
  if (notification.receipt_status === "undelivered" || notification.receipt_status === "failed") {
    const code = notification.receipt_error_code
      ? `, Twilio error ${notification.receipt_error_code}`
      : "";
    return `${channelLabel(notification)} did not arrive (${notification.receipt_status}${code})`;
  }
  if (notification.status === "failed") {
    return `${channelLabel(notification)} failed (${notification.attempts} tries)`;
  }
  if (notification.status === "pending" && notification.attempts > 0) {
    return `${channelLabel(notification)} retrying (${notification.attempts})`;
  }
  return undefined;
}
