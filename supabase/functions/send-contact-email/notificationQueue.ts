import sql from "sql-template-tag";
import type { ContactNotificationRow } from "../_shared/tableRows.ts";
import type { DeliveryPolicy } from "./config.ts";
import { type Database, inTransaction } from "./database.ts";
import { type LeadForEmail, renderLeadEmail } from "./emailMessage.ts";
import type { EmailProvider, SendResult } from "./providers/emailProvider.ts";

export interface DeliveryOptions {
  policy: DeliveryPolicy;
  mailbox: { from: string; to: string };
  /** Deliver only this lead's notification: the request path's fast lane. */
  contactRequestId?: string;
  limit?: number;
}

export interface DeliveryReport {
  delivered: number;
  retrying: number;
  failed: number;
}

type ClaimedNotification = LeadForEmail & {
  notification_id: ContactNotificationRow["id"];
  attempts: ContactNotificationRow["attempts"];
};

/** Exponential backoff: base, 2×base, 4×base… capped, counted from the attempt just made. */
export function retryDelaySeconds(attempts: number, policy: DeliveryPolicy): number {
  return Math.min(policy.retryMaxSeconds, policy.retryBaseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due notifications in one statement. SKIP LOCKED lets two deliverers run at once without
 * both taking a row, and the claim is a lease (status 'sending' until locked_until) rather than a
 * held transaction, so no database session stays open while the provider answers.
 */
async function claimDue(
  db: Database,
  now: Date,
  options: DeliveryOptions,
): Promise<ClaimedNotification[]> {
  const lockedUntil = new Date(now.getTime() + options.policy.leaseSeconds * 1000);
  const only = options.contactRequestId ?? null;
  const { rows } = await db.query<ClaimedNotification>(sql`
    with due as (
      select n.id
      from public.contact_notifications n
      where ((n.status = 'pending' and n.next_attempt_at <= ${now})
          or (n.status = 'sending' and n.locked_until <= ${now}))
        and (${only}::uuid is null or n.contact_request_id = ${only}::uuid)
      order by n.next_attempt_at
      limit ${options.limit ?? 20}::int
      for update skip locked
    )
    update public.contact_notifications n
    set status = 'sending', attempts = n.attempts + 1, locked_until = ${lockedUntil}
    from due, public.contact_requests r
    where n.id = due.id and r.id = n.contact_request_id
    returning n.id as notification_id, n.attempts, r.id, r.created_at, r.name, r.email, r.phone,
      r.service, r.message`);
  return rows;
}

async function recordResult(
  db: Database,
  claimed: ClaimedNotification,
  result: SendResult,
  now: Date,
  policy: DeliveryPolicy,
): Promise<keyof DeliveryReport> {
  if (result.ok) {
    await inTransaction(db, async (tx) => {
      await tx.query(sql`
        update public.contact_notifications
        set status = 'delivered', delivered_at = ${now}, provider_message_id = ${result.messageId},
          locked_until = null, last_error = null
        where id = ${claimed.notification_id}`);
      await tx.query(
        sql`update public.contact_requests set status = 'notified' where id = ${claimed.id}`,
      );
    });
    return "delivered";
  }
  const error = result.error.slice(0, 1000);
  if (result.retryable && claimed.attempts < policy.maxAttempts) {
    const next = new Date(now.getTime() + retryDelaySeconds(claimed.attempts, policy) * 1000);
    await db.query(sql`
      update public.contact_notifications
      set status = 'pending', next_attempt_at = ${next}, locked_until = null, last_error = ${error}
      where id = ${claimed.notification_id}`);
    return "retrying";
  }
  await inTransaction(db, async (tx) => {
    await tx.query(sql`
      update public.contact_notifications
      set status = 'failed', locked_until = null, last_error = ${error}
      where id = ${claimed.notification_id}`);
    await tx.query(sql`
      update public.contact_requests set status = 'notification_failed' where id = ${claimed.id}`);
  });
  return "failed";
}

/**
 * Sends every due notification once. Shared by the function (right after it answers, for the new
 * lead) and by the scheduled deliverer (for everything else), so both follow the same rules.
 */
export async function deliverPendingNotifications(
  db: Database,
  provider: EmailProvider,
  now: Date,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
  for (const claimed of await claimDue(db, now, options)) {
    const message = renderLeadEmail(claimed, options.mailbox);
    let result: SendResult;
    try {
      result = await provider.send(message, `contact-notification/${claimed.notification_id}`);
    } catch (error) {
      result = { ok: false, retryable: true, error: `${provider.name} failed: ${String(error)}` };
    }
    report[await recordResult(db, claimed, result, now, options.policy)] += 1;
  }
  return report;
}
