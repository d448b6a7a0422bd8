import sql from "sql-template-tag";
import type { Queryable } from "../platform/database.ts";
import { isSms, type PlannedNotification } from "./notificationKinds.ts";

/** At most one summary text per number in this many minutes. */
export const summaryEveryMinutes = 15;

/** The advisory-lock namespace of a number's budget (the first key of the two-key form). */
const lockSpace = 0x74657874;

/** A notification as it is queued: its status says whether it is sent, or why not. */
export interface QueuedNotification extends PlannedNotification {
  status: "pending" | "folded" | "suppressed";
}

/**
 * How many more alert or escalation texts the number may get now: NOTIFY_SMS_MAX_PER_HOUR less
 * those queued in the last hour (folded, suppressed and cancelled ones cost nothing). It takes a
 * lock on the number that holds to the end of the transaction, so that every request and both
 * deliverers decide one after another, each seeing the texts the one before queued.
 */
async function textsLeft(
  tx: Queryable,
  recipient: string,
  now: Date,
  maxPerHour: number,
): Promise<number> {
  await tx.query(sql`select pg_advisory_xact_lock(${lockSpace}::int, hashtext(${recipient}))`);
  const { rows } = await tx.query<{ count: number }>(sql`
    select count(*)::int as count from public.contact_notifications
    where recipient = ${recipient} and kind in ('alert-sms', 'escalation-sms')
      and created_at > ${now}::timestamptz - interval '1 hour'
      and status not in ('folded', 'suppressed', 'cancelled')`);
  return Math.max(0, maxPerHour - (rows[0]?.count ?? 0));
}

/**
 * The statuses of `leads` leads' notifications on the owner's channels, in the budget: each
 * number's texts are sent while its budget lasts; past it an alert text is folded into a summary,
 * an escalation text suppressed. Emails always go. Returns one list of notifications per lead.
 */
export async function withinTextBudget(
  tx: Queryable,
  planned: readonly PlannedNotification[],
  leads: number,
  now: Date,
  maxPerHour: number,
): Promise<QueuedNotification[][]> {
  const left = new Map<string, number>();
  for (const notification of planned.filter((n) => isSms(n.kind))) {
    left.set(notification.recipient, await textsLeft(tx, notification.recipient, now, maxPerHour));
  }
  return Array.from({ length: leads }, (_, lead) =>
    planned.map((notification): QueuedNotification => {
      if (!isSms(notification.kind)) return { ...notification, status: "pending" };
      const fits = lead < (left.get(notification.recipient) ?? 0);
      if (fits) return { ...notification, status: "pending" };
      return {
        ...notification,
        status: notification.kind === "alert-sms" ? "folded" : "suppressed",
      };
    }),
  );
}

/**
 * Counts folded alert texts into their number's open summary (one not yet claimed for sending),
 * or opens one, attached to the first folded lead: due at once, or 15 minutes after the number's
 * last summary went. Run after `withinTextBudget`, in its transaction, holding its locks; the
 * open summary's row is locked too, so a deliverer cannot claim it while it still grows.
 */
export async function foldIntoSummaries(
  tx: Queryable,
  folded: ReadonlyArray<{ id: string; leadId: string; recipient: string }>,
  now: Date,
): Promise<void> {
  for (const text of folded) {
    const { rows: open } = await tx.query<{ id: string }>(sql`
      select id from public.contact_notifications
      where kind = 'summary-sms' and recipient = ${text.recipient} and status = 'pending'
        and attempts = 0
      order by created_at limit 1
      for update`);
    const summaryId = open[0]?.id ?? (await openSummary(tx, text.leadId, text.recipient, now));
    await tx.query(sql`
      update public.contact_notifications set summary_id = ${summaryId} where id = ${text.id}`);
  }
}

async function openSummary(
  tx: Queryable,
  leadId: string,
  recipient: string,
  now: Date,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(sql`
    insert into public.contact_notifications
      (contact_request_id, kind, recipient, created_at, next_attempt_at)
    select ${leadId}::uuid, 'summary-sms', ${recipient}, ${now}, greatest(${now}::timestamptz,
      max(coalesce(delivered_at, next_attempt_at))
        + make_interval(mins => ${summaryEveryMinutes}::int))
    from public.contact_notifications
    where kind = 'summary-sms' and recipient = ${recipient}
    returning id`);
  const id = rows[0]?.id;
  if (!id) throw new Error("the summary text was not queued");
  return id;
}

/**
 * What a summary text stands for: the alert texts folded into it, and when the first was. Read
 * after the summary was claimed, in a statement of its own, so it sees every fold committed
 * before the claim; none can join after it, so every attempt says the same.
 */
export async function foldedInto(
  db: Queryable,
  summaryId: string,
): Promise<{ count: number; since: Date }> {
  const { rows } = await db.query<{ count: number; since: Date | null }>(sql`
    select count(*)::int as count, min(created_at) as since from public.contact_notifications
    where summary_id = ${summaryId}`);
  return { count: rows[0]?.count ?? 0, since: rows[0]?.since ?? new Date() };
}
