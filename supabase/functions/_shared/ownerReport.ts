/**
 * The owner's report on what the website brings (docs/owner-tools.md, "What the site brings"):
 * visits, the way from a visit to a call, what visitors tapped, where visits and requests came
 * from, and Core Web Vitals as real visitors felt them, for a period and the one before it. The
 * same figures are printed by `pnpm report` (postgres.js) and emailed each Monday by the function
 * (node-postgres): both hand `ownerReportFigures` a way to run SQL with positional parameters.
 */
import { type ReviewCounts, ownerReport as words } from "@bluewater/content/owner-report";
import { type SourceRevenue, sourceRevenue } from "./sourceRevenue.ts";
import { sourceLabelOfRow } from "./visitSource.ts";

/** Runs one statement with $1… parameters and returns its rows. */
export type RunQuery = (text: string, params: readonly unknown[]) => Promise<readonly Row[]>;
type Row = Record<string, unknown>;

export interface Period {
  from: Date;
  to: Date;
}

export type Device = "mobile" | "desktop";

/** The 75th percentile of each vital, and how many visits measured it. */
export interface DeviceVitals {
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  visits: number;
}

export interface SourceFigures {
  visits: number;
  leads: number;
  called: number;
}

export interface PeriodFigures extends Period {
  visits: number;
  acted: number;
  formFocused: number;
  /** Visits that sent a request, by the app or by the form itself. */
  sent: number;
  /** Real requests stored in the period (spam left out), with or without a measured visit. */
  leads: number;
  /** Those of them the owner marked as called. */
  called: number;
  phoneTapped: number;
  chatOpened: number;
  /** One entry a day in the business's time zone, oldest first. */
  daily: { day: string; visits: number; leads: number }[];
  /** By the source's name as the owner reads it, most visits first: the top 10, then the rest summed. */
  sources: [label: string, figures: SourceFigures][];
  /** What the period's leads became, by source, most revenue first: the top 10, then the rest summed. */
  revenue: [label: string, figures: SourceRevenue][];
  /** Review emails that reached the homeowner in the period, and opt-outs of the reminder. */
  reviews: ReviewCounts;
  vitals: Record<Device, DeviceVitals>;
  lcpElement: string | null;
  inpTarget: string | null;
}

/** A lead still open (neither lost nor done), with a fresh link to mark what it became. */
export interface OpenLead {
  name: string;
  received: string;
  /** Undefined when the function cannot sign links (no site address, links switched off). */
  link: string | undefined;
}

export interface OwnerReport {
  timeZone: string;
  current: PeriodFigures;
  previous: PeriodFigures;
  /** The Monday email's only: no review link is set, so no review request is sent. */
  reviewsOff?: boolean;
  /** The Monday email's only: the open leads, newest first, and how many there are in all. */
  openLeads?: { total: number; leads: OpenLead[] };
}

const inPeriod = "created_at >= $1::timestamptz and created_at < $2::timestamptz";

const countsQuery = `
  select count(*)::int as visits,
    count(*) filter (where acted)::int as acted,
    count(*) filter (where form_focused)::int as form_focused,
    count(*) filter (where phone_tapped)::int as phone_tapped,
    count(*) filter (where chat_opened)::int as chat_opened,
    count(*) filter (where request_sent is not null)::int as sent,
    (select count(*)::int from public.contact_requests where not is_spam and ${inPeriod}) as leads,
    (select count(*)::int from public.contact_requests
      where not is_spam and contacted_at is not null and ${inPeriod}) as called,
    (select count(*)::int from public.contact_notifications where kind = 'review-request'
      and delivered_at >= $1::timestamptz and delivered_at < $2::timestamptz) as review_requests,
    (select count(*)::int from public.contact_notifications where kind = 'review-reminder'
      and delivered_at >= $1::timestamptz and delivered_at < $2::timestamptz) as review_reminders,
    (select count(*)::int from public.contact_requests
      where review_opted_out_at >= $1::timestamptz and review_opted_out_at < $2::timestamptz)
      as review_opt_outs
  from public.site_visits where ${inPeriod}`;

const dailyQuery = `
  with days as (
    select d::date as day from generate_series(
      ($1::timestamptz at time zone $3)::date,
      (($2::timestamptz - interval '1 microsecond') at time zone $3)::date,
      interval '1 day') as d
  ), visits as (
    select (created_at at time zone $3)::date as day, count(*)::int as n
    from public.site_visits where ${inPeriod} group by 1
  ), leads as (
    select (created_at at time zone $3)::date as day, count(*)::int as n
    from public.contact_requests where not is_spam and ${inPeriod} group by 1
  )
  select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(visits.n, 0) as visits,
    coalesce(leads.n, 0) as leads
  from days left join visits using (day) left join leads using (day)
  order by days.day`;

const sourceColumns = "utm_source, utm_medium, referrer_host, has_gclid, has_fbclid";

const sourcesQuery = `
  select ${sourceColumns}, sum(visits)::int as visits, sum(leads)::int as leads,
    sum(called)::int as called
  from (
    select ${sourceColumns}, 1 as visits, 0 as leads, 0 as called
    from public.site_visits where ${inPeriod}
    union all
    select ${sourceColumns}, 0, 1, (contacted_at is not null)::int
    from public.contact_requests where not is_spam and ${inPeriod}
  ) as both_kinds
  group by ${sourceColumns}`;

const vitalsQuery = `
  select device, count(*)::int as visits,
    percentile_cont(0.75) within group (order by lcp_ms) as lcp,
    percentile_cont(0.75) within group (order by inp_ms) as inp,
    percentile_cont(0.75) within group (order by cls) as cls
  from public.site_visits where ${inPeriod}
  group by device`;

const culpritsQuery = `
  select
    (select lcp_element from public.site_visits where ${inPeriod} and lcp_element is not null
      group by lcp_element order by count(*) desc, lcp_element limit 1) as lcp_element,
    (select inp_target from public.site_visits where ${inPeriod} and inp_target is not null
      order by inp_ms desc, id limit 1) as inp_target`;

const number = (value: unknown): number => Number(value ?? 0);
const optionalNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const optionalText = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The sources a report names, most visits first; the rest are summed under "N other sources", so
 * that a report stays the same size however many tags visitors (or forged beacons) bring.
 */
export const reportedSources = 10;

/** Sources under the name the owner reads them by: several tags or hosts may share one name. */
function bySource(rows: readonly Row[]): [string, SourceFigures][] {
  const sources = new Map<string, SourceFigures>();
  for (const row of rows) {
    const label = sourceLabelOfRow(row);
    const figures = sources.get(label) ?? { visits: 0, leads: 0, called: 0 };
    figures.visits += number(row.visits);
    figures.leads += number(row.leads);
    figures.called += number(row.called);
    sources.set(label, figures);
  }
  const sorted = [...sources].sort(
    ([nameA, a], [nameB, b]) =>
      b.visits - a.visits || b.leads - a.leads || nameA.localeCompare(nameB),
  );
  const rest = sorted.slice(reportedSources);
  if (rest.length === 0) return sorted;
  const others: SourceFigures = { visits: 0, leads: 0, called: 0 };
  for (const [, figures] of rest) {
    others.visits += figures.visits;
    others.leads += figures.leads;
    others.called += figures.called;
  }
  return [...sorted.slice(0, reportedSources), [words.otherSources(rest.length), others]];
}

function vitalsOf(rows: readonly Row[], device: Device): DeviceVitals {
  const row = rows.find((candidate) => candidate.device === device);
  return {
    lcp: optionalNumber(row?.lcp),
    inp: optionalNumber(row?.inp),
    cls: optionalNumber(row?.cls),
    visits: number(row?.visits),
  };
}

async function periodFigures(
  run: RunQuery,
  period: Period,
  timeZone: string,
): Promise<PeriodFigures> {
  const range = [period.from.toISOString(), period.to.toISOString()];
  const [counts, daily, sources, vitals, culprits, revenue] = await Promise.all([
    run(countsQuery, range),
    run(dailyQuery, [...range, timeZone]),
    run(sourcesQuery, range),
    run(vitalsQuery, range),
    run(culpritsQuery, range),
    sourceRevenue(run, period, reportedSources),
  ]);
  const count = counts[0] ?? {};
  return {
    ...period,
    visits: number(count.visits),
    acted: number(count.acted),
    formFocused: number(count.form_focused),
    sent: number(count.sent),
    leads: number(count.leads),
    called: number(count.called),
    phoneTapped: number(count.phone_tapped),
    chatOpened: number(count.chat_opened),
    daily: daily.map((row) => ({
      day: String(row.day),
      visits: number(row.visits),
      leads: number(row.leads),
    })),
    sources: bySource(sources),
    revenue,
    reviews: {
      requested: number(count.review_requests),
      reminded: number(count.review_reminders),
      optedOut: number(count.review_opt_outs),
    },
    vitals: { mobile: vitalsOf(vitals, "mobile"), desktop: vitalsOf(vitals, "desktop") },
    lcpElement: optionalText(culprits[0]?.lcp_element),
    inpTarget: optionalText(culprits[0]?.inp_target),
  };
}

/** The report's figures for `period` and for the period of the same length before it. */
export async function ownerReportFigures(
  run: RunQuery,
  period: Period,
  timeZone: string,
): Promise<OwnerReport> {
  const length = period.to.getTime() - period.from.getTime();
  const previous = { from: new Date(period.from.getTime() - length), to: period.from };
  const [current, before] = await Promise.all([
    periodFigures(run, period, timeZone),
    periodFigures(run, previous, timeZone),
  ]);
  return { timeZone, current, previous: before };
}

/** The last `days` days up to `now`: what `pnpm report --days` reads. */
export function lastDays(now: Date, days: number): Period {
  return { from: new Date(now.getTime() - days * 24 * 60 * 60 * 1000), to: now };
}

/**
 * A report read back from JSON (the weekly email's notification keeps its figures as JSON):
 * every period's dates become Dates again.
 */
export function reviveOwnerReport(payload: unknown): OwnerReport {
  const report = (typeof payload === "string" ? JSON.parse(payload) : payload) as OwnerReport;
  const period = (figures: PeriodFigures): PeriodFigures => ({
    ...figures,
    // A report queued before the review counts existed is still sent, with none counted.
    reviews: figures.reviews ?? { requested: 0, reminded: 0, optedOut: 0 },
    from: new Date(figures.from),
    to: new Date(figures.to),
  });
  if (!report?.current || !report.previous) throw new Error("not an owner report");
  return { ...report, current: period(report.current), previous: period(report.previous) };
}
