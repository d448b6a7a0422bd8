import { businessHours } from "@bluewater/content/hours";
import { TZDate } from "@date-fns/tz";
import sql from "sql-template-tag";
import { type OpenLead, ownerReportFigures, type Period } from "../../_shared/ownerReport.ts";
import { contactLink } from "../outbox/contactLink.ts";
import { localTime } from "../outbox/messages/localTime.ts";
import { ownerReportQueued, queueOwnerReport } from "../outbox/ownerReportQueue.ts";
import type { FunctionConfig } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";

/** The report goes out on Monday from this hour, in the business's time zone. */
export const reportHour = 7;

/** How many open leads the email lists by name; `pnpm leads` lists them all. */
export const listedOpenLeads = 20;

/** How far back a lead still counts as open: older ones are the list's, not the email's. */
export const openLeadDays = 90;

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
 * The real leads of the last 90 days that are neither lost nor done, newest first, each with a
 * link signed now: outcomes come days or weeks after the alert, whose link has expired by then.
 */
async function openLeads(
  db: Database,
  now: Date,
  config: Pick<FunctionConfig, "siteUrl" | "contactLink">,
): Promise<{ total: number; leads: OpenLead[] }> {
  const { rows } = await db.query<{ id: string; name: string; created_at: Date; total: number }>(
    sql`
    select r.id, r.name, r.created_at, (count(*) over ())::int as total
    from public.contact_requests r
    where not r.is_spam
      and r.created_at >= ${now}::timestamptz - make_interval(days => ${openLeadDays}::int)
      and not exists (select 1 from public.lead_outcomes o where o.contact_request_id = r.id
        and o.undone_at is null and o.step in ('lost', 'job-done'))
    order by r.created_at desc, r.id
    limit ${listedOpenLeads}::int`,
  );
  const leads = await Promise.all(
    rows.map(async (row) => ({
      name: row.name,
      received: localTime(row.created_at),
      link: await contactLink(config.siteUrl, config.contactLink, row.id, now),
    })),
  );
  return { total: rows[0]?.total ?? 0, leads };
}

/**
 * Queues this week's report in the outbox if it is due and not queued yet: the figures, the open
 * leads with their links, and whether review requests are off are fixed when it is queued, and
 * sent with the outbox's guarantees. True when queued now.
 */
export async function queueWeeklyReport(
  db: Database,
  now: Date,
  config: Pick<FunctionConfig, "ownerReport" | "siteUrl" | "contactLink" | "reviews">,
): Promise<boolean> {
  const week = config.ownerReport ? dueReportWeek(now) : undefined;
  if (!week || (await ownerReportQueued(db, week.key))) return false;
  const figures = await ownerReportFigures(
    async (text, params) => (await db.query(text, [...params])).rows,
    week.period,
    businessHours.timeZone,
  );
  const report = {
    ...figures,
    ...(config.reviews.url === undefined ? { reviewsOff: true } : {}),
    openLeads: await openLeads(db, now, config),
  };
  return await queueOwnerReport(db, week.key, report, now);
}
