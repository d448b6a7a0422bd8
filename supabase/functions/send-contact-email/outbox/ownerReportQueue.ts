import sql from "sql-template-tag";
import type { OwnerReport } from "../../_shared/ownerReport.ts";
import type { Queryable } from "../platform/database.ts";

/** Whether the report keyed `key` (its week) was queued already, sent or not. */
export async function ownerReportQueued(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query(sql`
    select 1 from public.contact_notifications
    where kind = 'owner-report' and dedupe_key = ${key}`);
  return rows.length > 0;
}

/**
 * Queues the owner's report, due now, with its figures: once per key, whoever queues it (two
 * deliverers at once insert one row), so the owner gets each week's report once.
 */
export async function queueOwnerReport(
  db: Queryable,
  key: string,
  report: OwnerReport,
  now: Date,
): Promise<boolean> {
  const result = await db.query(sql`
    insert into public.contact_notifications
      (kind, recipient, payload, dedupe_key, created_at, next_attempt_at)
    values ('owner-report', '', ${JSON.stringify(report)}, ${key}, ${now}, ${now})
    on conflict (kind, dedupe_key) where dedupe_key is not null do nothing`);
  return (result.rowCount ?? 0) > 0;
}
