import sql from "sql-template-tag";
import { type Database, inTransaction, type Queryable } from "../platform/database.ts";

/** At most one summary text per number in this many minutes. */
export const summaryEveryMinutes = 15;

/** The advisory-lock namespace of a number's budget (the first key of the two-key form). */
export const textBudgetLockSpace = 0x74657874;

/**
 * Decides the budget of every text to `recipient` that waits for it (awaits_budget), oldest
 * first: sent while the number's budget lasts (NOTIFY_SMS_MAX_PER_HOUR less the texts decided in
 * the last hour, folded, suppressed and cancelled ones costing nothing); past it an alert text is
 * folded into a summary, an escalation text suppressed. Run by whoever is about to send, in a
 * transaction of its own that holds a lock on the number for a few milliseconds: leads are stored
 * without it, and the senders decide one after another, each seeing the texts the one before
 * decided.
 */
export async function decideTexts(
  db: Database,
  recipient: string,
  now: Date,
  maxPerHour: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.query(
      sql`select pg_advisory_xact_lock(${textBudgetLockSpace}::int, hashtext(${recipient}))`,
    );
    // What waits, each row with what went this hour: one round trip, read after the lock.
    const { rows: waiting } = await tx.query<{
      id: string;
      lead_id: string;
      kind: string;
      went: number;
    }>(sql`
      select id, contact_request_id as lead_id, kind, (
        select count(*)::int from public.contact_notifications
        where recipient = ${recipient} and kind in ('alert-sms', 'escalation-sms')
          and created_at > ${now}::timestamptz - interval '1 hour' and not awaits_budget
          and status not in ('folded', 'suppressed', 'cancelled')) as went
      from public.contact_notifications
      where awaits_budget and status = 'pending' and recipient = ${recipient}
        and kind in ('alert-sms', 'escalation-sms')
      order by created_at, id`);
    if (waiting.length === 0) return;
    const left = Math.max(0, maxPerHour - (waiting[0]?.went ?? 0));
    const statuses = waiting.map((text, index) => {
      if (index < left) return "pending";
      return text.kind === "alert-sms" ? "folded" : "suppressed";
    });
    await tx.query(sql`
      update public.contact_notifications n set status = decided.status, awaits_budget = false
      from unnest(${waiting.map((text) => text.id)}::uuid[], ${statuses}::text[])
        as decided(id, status)
      where n.id = decided.id`);
    const folded = waiting.filter((_, index) => statuses[index] === "folded");
    await foldIntoSummaries(
      tx,
      folded.map((text) => ({ id: text.id, leadId: text.lead_id, recipient })),
      now,
    );
  });
}

/**
 * Counts folded alert texts into their number's open summary (one not yet claimed for sending),
 * or opens one, attached to the first folded lead: due at once, or 15 minutes after the number's
 * last summary went. In `decideTexts`'s transaction, holding its lock; the open summary's row is
 * locked too, so a deliverer cannot claim it while it still grows.
 */
async function foldIntoSummaries(
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
  // The number's last summary, read from the end of its own index, not from every one it got.
  const { rows } = await tx.query<{ id: string }>(sql`
    insert into public.contact_notifications
      (contact_request_id, kind, recipient, created_at, next_attempt_at)
    values (${leadId}::uuid, 'summary-sms', ${recipient}, ${now}, greatest(${now}::timestamptz, (
      select coalesce(delivered_at, next_attempt_at) from public.contact_notifications
      where kind = 'summary-sms' and recipient = ${recipient}
      order by coalesce(delivered_at, next_attempt_at) desc
      limit 1) + make_interval(mins => ${summaryEveryMinutes}::int)))
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
