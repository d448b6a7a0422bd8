import type { FunctionConfig } from "../platform/config.ts";

/**
 * What a notification is (contact_notifications.kind): the owner's first alert and, once, the
 * escalation, each by email and by SMS to every configured number; the summary text that stands
 * for the alert texts the hourly budget folded; the homeowner's acknowledgment; the homeowner's
 * review request after a finished job and its one reminder; and the owner's weekly report, which
 * belongs to no lead.
 */
export type NotificationKind =
  | "alert-email"
  | "alert-sms"
  | "escalation-email"
  | "escalation-sms"
  | "acknowledgment"
  | "summary-sms"
  | "owner-report"
  | "review-request"
  | "review-reminder";

/** The homeowner's review emails (outbox/reviewRequests.ts). */
export const reviewKinds = ["review-request", "review-reminder"] as const;
export type ReviewKind = (typeof reviewKinds)[number];

export function isReview(kind: NotificationKind): kind is ReviewKind {
  return (reviewKinds as readonly string[]).includes(kind);
}

/** One notification to queue: its kind, and the number an SMS goes to ('' for email). */
export interface PlannedNotification {
  kind: NotificationKind;
  recipient: string;
}

/**
 * What is queued waiting for a budget (awaits_budget), decided by whoever sends it: the owner's
 * alert and escalation texts (NOTIFY_SMS_MAX_PER_HOUR per number) and the acknowledgments (their
 * hourly caps).
 */
export const budgetedKinds: readonly NotificationKind[] = [
  "alert-sms",
  "escalation-sms",
  "acknowledgment",
];

export function isSms(kind: NotificationKind): boolean {
  return kind === "alert-sms" || kind === "escalation-sms" || kind === "summary-sms";
}

export function isEscalation(kind: NotificationKind): boolean {
  return kind === "escalation-email" || kind === "escalation-sms";
}

/** The owner's notifications of a lead, on every channel: one email, one SMS per number. */
export function ownerNotifications(
  config: Pick<FunctionConfig, "sms">,
  stage: "alert" | "escalation",
): PlannedNotification[] {
  return [
    { kind: `${stage}-email`, recipient: "" },
    ...config.sms.to.map((recipient): PlannedNotification => ({ kind: `${stage}-sms`, recipient })),
  ];
}
