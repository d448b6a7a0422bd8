import { businessHours } from "@bluewater/content/hours";
import { TZDate } from "@date-fns/tz";
import { ownerReportFigures, type Period } from "../../_shared/ownerReport.ts";
import { ownerReportQueued, queueOwnerReport } from "../outbox/ownerReportQueue.ts";
import type { Database } from "../platform/database.ts";

/** The report goes out on Monday from this hour, in the business's time zone. */
export const reportHour = 7;

/**
 * The week whose report is due at `now`: on Mondays from 7 am (business time) to midnight, the
 * week before, Monday to Monday; its key is the Monday it is sent on. Undefined on other days: a
 * deliverer down all Monday skips that week rather than send it late.
 */
export function dueReportWeek(
  now: Date,
  timeZone = businessHours.timeZone,
): { key: string; period: Period } | undefined {
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getDay() !== 1 || local.getHours() < reportHour) return undefined;
  const [year, month, date] = [local.getFullYear(), local.getMonth(), local.getDate()];
  const monday = new TZDate(year, month, date, 0, 0, timeZone);
  const key = `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, "0")}-${String(monday.getDate()).padStart(2, "0")}`;
  const weekBefore = new TZDate(year, month, date - 7, 0, 0, timeZone);
  return { key, period: { from: new Date(weekBefore.getTime()), to: new Date(monday.getTime()) } };
}

/**
 * Queues this week's report in the outbox if it is due and not queued yet: the figures are
 * computed once, when it is queued, and sent with the outbox's guarantees. True when queued now.
 */
export async function queueWeeklyReport(
  db: Database,
  now: Date,
  enabled: boolean,
): Promise<boolean> {
  const week = enabled ? dueReportWeek(now) : undefined;
  if (!week || (await ownerReportQueued(db, week.key))) return false;
  const report = await ownerReportFigures(
    async (text, params) => (await db.query(text, [...params])).rows,
    week.period,
    businessHours.timeZone,
  );
  return await queueOwnerReport(db, week.key, report, now);
}
