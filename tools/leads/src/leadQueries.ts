import type { ContactNotificationRow, ContactRequestRow } from "@bluewater/supabase/table-rows";
import type { Sql } from "postgres";

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A lead with its notification's state; null when it has none (spam is never notified). */
export type LeadRow = Pick<
  ContactRequestRow,
  "id" | "created_at" | "name" | "email" | "phone" | "service" | "message" | "status" | "is_spam"
> &
  Nullable<Pick<ContactNotificationRow, "attempts" | "last_error">> & {
    notification_status: ContactNotificationRow["status"] | null;
  };

export type QueueRow = Pick<
  ContactNotificationRow,
  "id" | "status" | "attempts" | "next_attempt_at" | "last_error" | "delivered_at"
> &
  Pick<ContactRequestRow, "name"> & { lead_id: ContactRequestRow["id"] };

export function recentLeads(sql: Sql, options: { limit: number; includeSpam: boolean }) {
  return sql<LeadRow[]>`
    select r.id, r.created_at, r.name, r.email, r.phone, r.service, r.message, r.status, r.is_spam,
      n.status as notification_status, n.attempts, n.last_error
    from public.contact_requests r
    left join public.contact_notifications n on n.contact_request_id = r.id
    where ${options.includeSpam} or not r.is_spam
    order by r.created_at desc
    limit ${options.limit}`;
}

export function notificationQueue(sql: Sql, options: { includeDelivered: boolean; limit: number }) {
  return sql<QueueRow[]>`
    select n.id, r.id as lead_id, r.name, n.status, n.attempts, n.next_attempt_at, n.last_error,
      n.delivered_at
    from public.contact_notifications n
    join public.contact_requests r on r.id = n.contact_request_id
    where ${options.includeDelivered} or n.status <> 'delivered'
    order by n.created_at desc
    limit ${options.limit}`;
}

/**
 * Puts failed notifications back in the queue with a fresh set of attempts; the deliverer sends
 * them on its next run. With no ids, every failed notification is retried.
 */
export async function retryFailedNotifications(
  sql: Sql,
  leadIds: readonly string[],
): Promise<number> {
  return await sql.begin(async (tx) => {
    const retried = await tx<{ contact_request_id: string }[]>`
      update public.contact_notifications
      set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
      where status = 'failed'
        and (${leadIds.length === 0} or contact_request_id = any(${leadIds as string[]}::uuid[]))
      returning contact_request_id`;
    if (retried.length > 0) {
      await tx`
        update public.contact_requests set status = 'new'
        where id = any(${retried.map((row) => row.contact_request_id)}::uuid[])`;
    }
    return retried.length;
  });
}
