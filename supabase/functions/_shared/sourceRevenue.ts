/**
 * What each source's leads became (docs/owner-tools.md, "After the call"): of the real leads that
 * came in during a period, by the source the owner reads, how many were called, inspected and won,
 * the revenue won, the close rate and the median days from lead to won. The same figures are in
 * `pnpm report`, the Monday email and `pnpm leads sources`; every reader runs this one query.
 */
import { ownerReport as words } from "@bluewater/content/owner-report";
import type { RunQuery } from "./ownerReport.ts";
import { sourceLabelOfRow } from "./visitSource.ts";

export interface SourceRevenue {
  leads: number;
  called: number;
  /** Inspected, or any step past it (quoted, won, job done): a job is not won unseen. */
  inspected: number;
  won: number;
  revenueCents: number;
  /** Won of all leads, 0 to 1 (null without leads). */
  closeRate: number | null;
  /** Median days from the lead to its won mark (null with none won). */
  medianDaysToWon: number | null;
}

const sourceColumns = "r.utm_source, r.utm_medium, r.referrer_host, r.has_gclid, r.has_fbclid";

// Set-based: the live marks are summed per lead in one pass, then joined to the period's leads in
// one hash join, not looked up lead by lead. Grouped by source columns; the days to each win
// travel as an array so that sources folded under one name still get a true median.
const revenueQuery = `
  with o as (
    select contact_request_id,
      bool_or(step in ('inspected', 'quoted', 'won', 'job-done')) as inspected,
      max(at) filter (where step = 'won') as won_at,
      sum(amount_cents) filter (where step = 'won') as won_cents
    from public.lead_outcomes
    where undone_at is null and contact_request_id in (select id from public.contact_requests
      where created_at >= $1::timestamptz and created_at < $2::timestamptz)
    group by contact_request_id
  )
  select ${sourceColumns}, count(*)::int as leads,
    count(*) filter (where r.contacted_at is not null)::int as called,
    count(*) filter (where o.inspected)::int as inspected,
    count(*) filter (where o.won_at is not null)::int as won,
    coalesce(sum(o.won_cents), 0)::bigint::text as revenue_cents,
    coalesce(array_agg(extract(epoch from o.won_at - r.created_at) / 86400)
      filter (where o.won_at is not null), '{}') as days_to_won
  from public.contact_requests r
  left join o on o.contact_request_id = r.id
  where not r.is_spam and r.created_at >= $1::timestamptz and r.created_at < $2::timestamptz
  group by ${sourceColumns}`;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

type Sums = Omit<SourceRevenue, "closeRate" | "medianDaysToWon"> & { days: number[] };

const byRevenue = ([nameA, a]: [string, Sums], [nameB, b]: [string, Sums]) =>
  b.revenueCents - a.revenueCents || b.leads - a.leads || nameA.localeCompare(nameB);

/**
 * By the source's name, most revenue first, then most leads. Past `named` sources the rest are
 * summed under "N other sources" (the Monday email's report stays bounded whatever sources
 * strangers' leads carry); their days to won stay whole, so the median is still true.
 */
export async function sourceRevenue(
  run: RunQuery,
  period: { from: Date; to: Date },
  named = Number.POSITIVE_INFINITY,
): Promise<[label: string, figures: SourceRevenue][]> {
  const rows = await run(revenueQuery, [period.from.toISOString(), period.to.toISOString()]);
  const sources = new Map<string, Sums>();
  for (const row of rows) {
    const label = sourceLabelOfRow(row);
    const figures = sources.get(label) ?? {
      leads: 0,
      called: 0,
      inspected: 0,
      won: 0,
      revenueCents: 0,
      days: [],
    };
    figures.leads += Number(row.leads);
    figures.called += Number(row.called);
    figures.inspected += Number(row.inspected);
    figures.won += Number(row.won);
    figures.revenueCents += Number(row.revenue_cents);
    figures.days.push(...(row.days_to_won as unknown[]).map(Number));
    sources.set(label, figures);
  }
  const sorted = [...sources].sort(byRevenue);
  const rest = sorted.slice(named);
  if (rest.length > 0) {
    const others: Sums = { leads: 0, called: 0, inspected: 0, won: 0, revenueCents: 0, days: [] };
    for (const [, figures] of rest) {
      others.leads += figures.leads;
      others.called += figures.called;
      others.inspected += figures.inspected;
      others.won += figures.won;
      others.revenueCents += figures.revenueCents;
      others.days.push(...figures.days);
    }
    sorted.splice(named, rest.length, [words.otherSources(rest.length), others]);
  }
  return sorted.map(([label, { days, ...figures }]): [string, SourceRevenue] => [
    label,
    {
      ...figures,
      closeRate: figures.leads > 0 ? figures.won / figures.leads : null,
      medianDaysToWon: median(days),
    },
  ]);
}
