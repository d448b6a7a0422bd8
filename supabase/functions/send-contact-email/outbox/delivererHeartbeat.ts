import sql from "sql-template-tag";
import type { Database, Queryable } from "../platform/database.ts";

/**
 * Minutes without a call to /deliver after which a deployed project's deliverer is taken for
 * stopped: Supabase Cron calls it every minute, so five missed runs are no hiccup.
 */
export const delivererStaleMinutes = 5;

/** A stopped deliverer is reported in one owner email a day, not in every one. */
const noticeEveryHours = 24;

/** The scheduled deliverer ran: the time a stopped schedule is measured from. */
export async function recordDelivererRun(db: Database, now: Date): Promise<void> {
  await db.query(sql`update public.contact_deliverer_heartbeat set last_run_at = ${now}`);
}

/**
 * In the transaction that queues a lead's alerts on a deployed project: when the deliverer has
 * not run for `delivererStaleMinutes` (or never, since the migration), this lead's owner email
 * is the one that says so, unless another did in the last day. The row is updated, and so
 * locked, only when it says so: other leads never wait on it.
 */
export async function claimDelivererNotice(tx: Queryable, leadId: string, now: Date) {
  await tx.query(sql`
    update public.contact_deliverer_heartbeat
    set notice_at = ${now}, notice_lead_id = ${leadId}, notice_last_run_at = last_run_at
    where coalesce(last_run_at, installed_at) < ${now}::timestamptz - make_interval(mins => ${delivererStaleMinutes})
      and (notice_at is null or notice_at <= ${now}::timestamptz - make_interval(hours => ${noticeEveryHours}))`);
}
