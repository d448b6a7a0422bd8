import type { Sql } from "@bluewater/postgres/client";
import type { ContactNotificationRow, ContactRequestRow } from "@bluewater/supabase/table-rows";

/** One of a lead's notifications, as `list` and `csv` summarise them. */
export type LeadNotification = Pick<
  ContactNotificationRow,
  | "kind"
  | "recipient"
  | "status"
  | "attempts"
  | "last_error"
  | "receipt_status"
  | "receipt_error_code"
>;

/** A lead with its notifications (none for spam, which notifies no one). */
export type LeadRow = Pick<
  ContactRequestRow,
  | "id"
  | "created_at"
  | "name"
  | "email"
  | "phone"
  | "service"
  | "message"
  | "is_spam"
  | "contacted_at"
  | "seconds_to_contact"
  | "escalated_at"
  | "utm_source"
  | "utm_medium"
  | "utm_campaign"
  | "referrer_host"
  | "has_gclid"
  | "has_fbclid"
> & { notifications: LeadNotification[] };

export type QueueRow = Pick<
  ContactNotificationRow,
  | "id"
  | "kind"
  | "recipient"
  | "status"
  | "attempts"
  | "next_attempt_at"
  | "last_error"
  | "delivered_at"
  | "receipt_status"
  | "receipt_error_code"
  | "receipt_at"
  | "resent_at"
> & {
  /** Null for the owner's weekly report, which belongs to no lead. */
  name: ContactRequestRow["name"] | null;
  lead_id: ContactRequestRow["id"] | null;
};

/** How fast the business answers: real leads of the last 30 days, seconds from lead to mark. */
export interface ResponseSummary {
  leads: number;
  marked: number;
  median: number | null;
  p90: number | null;
}

export function recentLeads(sql: Sql, options: { limit: number; includeSpam: boolean }) {
  return sql<LeadRow[]>`
    select r.id, r.created_at, r.name, r.email, r.phone, r.service, r.message, r.is_spam,
      r.contacted_at, r.seconds_to_contact, r.escalated_at, r.utm_source, r.utm_medium,
      r.utm_campaign, r.referrer_host, r.has_gclid, r.has_fbclid,
      coalesce((
        select json_agg(json_build_object('kind', n.kind, 'recipient', n.recipient,
          'status', n.status, 'attempts', n.attempts, 'last_error', n.last_error,
          'receipt_status', n.receipt_status, 'receipt_error_code', n.receipt_error_code)
          order by n.created_at, n.kind, n.recipient)
        from public.contact_notifications n where n.contact_request_id = r.id
      ), '[]'::json) as notifications
    from public.contact_requests r
    where ${options.includeSpam} or not r.is_spam
    order by r.created_at desc
    limit ${options.limit}`;
}

/** The figures of `list`'s last line, over the 30 days before `now`. */
export async function responseSummary(sql: Sql, now: Date): Promise<ResponseSummary> {
  const [summary] = await sql<ResponseSummary[]>`
    select count(*)::int as leads, count(contacted_at)::int as marked,
      percentile_cont(0.5) within group (order by seconds_to_contact) as median,
      percentile_cont(0.9) within group (order by seconds_to_contact) as p90
    from public.contact_requests
    where not is_spam and created_at > ${now}::timestamptz - interval '30 days'`;
  return summary ?? { leads: 0, marked: 0, median: null, p90: null };
}

export function notificationQueue(sql: Sql, options: { includeDelivered: boolean; limit: number }) {
  return sql<QueueRow[]>`
    select n.id, r.id as lead_id, r.name, n.kind, n.recipient, n.status, n.attempts,
      n.next_attempt_at, n.last_error, n.delivered_at, n.receipt_status, n.receipt_error_code,
      n.receipt_at, n.resent_at
    from public.contact_notifications n
    -- The owner's weekly report belongs to no lead.
    left join public.contact_requests r on r.id = n.contact_request_id
    -- Settled ones are left out unless asked for; a text that did not arrive never is.
    where ${options.includeDelivered}
      or n.status not in ('delivered', 'cancelled', 'folded', 'suppressed')
      or n.receipt_status in ('undelivered', 'failed')
    order by n.created_at desc, n.kind, n.recipient
    limit ${options.limit}`;
}

/**
 * Puts failed notifications back in the queue with a fresh set of attempts; the deliverer sends
 * them on its next run (and the function settles the lead's status as they go out). With no
 * ids, every failed notification is retried.
 */
export async function retryFailedNotifications(
  sql: Sql,
  leadIds: readonly string[],
): Promise<number> {
  const retried = await sql`
    update public.contact_notifications
    set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
    where status = 'failed'
      and (${leadIds.length === 0} or contact_request_id = any(${leadIds as string[]}::uuid[]))
    returning id`;
  return retried.length;
}
