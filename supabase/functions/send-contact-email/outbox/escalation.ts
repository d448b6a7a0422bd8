import sql from "sql-template-tag";
import { type Database, inTransaction } from "../platform/database.ts";
import { budgetedKinds, type PlannedNotification } from "./notificationKinds.ts";

/**
 * Escalates every real lead whose time ran out unmarked, once: in one transaction, each lead's
 * `escalated_at` is set and its escalation queued on every owner channel, due now, its texts
 * waiting for the owner's budget, which the sender decides (past it, suppressed: the escalation
 * email still goes). Leads are
 * taken with SKIP LOCKED, so two deliverers at once escalate each lead once; a lead being marked
 * as called at that moment is skipped, and its mark wins.
 */
export async function queueDueEscalations(
  db: Database,
  now: Date,
  notifications: readonly PlannedNotification[],
  limit = 50,
): Promise<number> {
  return await inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(sql`
      with due as (
        select id from public.contact_requests
        where escalation_due_at <= ${now} and escalated_at is null and contacted_at is null
          and not is_spam
        order by escalation_due_at
        limit ${limit}::int
        for update skip locked
      )
      update public.contact_requests r set escalated_at = ${now}
      from due where r.id = due.id
      returning r.id`);
    if (rows.length === 0) return 0;
    const queued = rows.flatMap(({ id }) => notifications.map((n) => ({ ...n, leadId: id })));
    await tx.query(sql`
      insert into public.contact_notifications
        (contact_request_id, kind, recipient, awaits_budget, created_at, next_attempt_at)
      select lead_id, kind, recipient, kind = any(${budgetedKinds}::text[]), ${now}, ${now}
      from unnest(${queued.map((n) => n.leadId)}::uuid[], ${queued.map((n) => n.kind)}::text[],
        ${queued.map((n) => n.recipient)}::text[]) as planned(lead_id, kind, recipient)
      on conflict (contact_request_id, kind, recipient) do nothing`);
    return rows.length;
  });
}
