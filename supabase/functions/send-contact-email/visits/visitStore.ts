import type { VisitBeacon } from "@bluewater/content/visit";
import sql from "sql-template-tag";
import { type Database, inTransaction, type Queryable } from "../platform/database.ts";
import { consumeRateLimit, type RateLimit, type RateLimitDecision } from "../platform/rateLimit.ts";

/** How long a visit is kept: 13 months, so that a month can be compared with the year before. */
export const visitRetentionMonths = 13;

/**
 * Stores one page view, counted against its address's own visit limit (apart from the leads',
 * so that beacons never use up a visitor's requests), in one transaction.
 */
export async function storeVisit(
  db: Database,
  visit: VisitBeacon,
  addressHash: string,
  now: Date,
  limit: RateLimit,
): Promise<RateLimitDecision> {
  return await inTransaction(db, async (tx) => {
    const decision = await consumeRateLimit(tx, addressHash, now, limit);
    if (decision.allowed) await insertVisit(tx, visit, now);
    return decision;
  });
}

async function insertVisit(tx: Queryable, visit: VisitBeacon, now: Date): Promise<void> {
  await tx.query(sql`
    insert into public.site_visits
      (created_at, page, device, utm_source, utm_medium, utm_campaign, referrer_host,
       has_gclid, has_fbclid, acted, scrolled_past_hero, phone_tapped, chat_opened, form_focused,
       request_sent, lcp_ms, lcp_element, inp_ms, inp_target, cls, fcp_ms, ttfb_ms,
       act_to_interactive_ms)
    values
      (${now}, ${visit.page}, ${visit.device}, ${visit.utmSource ?? null},
       ${visit.utmMedium ?? null}, ${visit.utmCampaign ?? null}, ${visit.referrer ?? null},
       ${visit.gclid === true}, ${visit.fbclid === true}, ${visit.acted === true},
       ${visit.scrolledPastHero === true}, ${visit.phoneTapped === true},
       ${visit.chatOpened === true}, ${visit.formFocused === true}, ${visit.sent ?? null},
       ${visit.lcp ?? null}, ${visit.lcpElement ?? null}, ${visit.inp ?? null},
       ${visit.inpTarget ?? null}, ${visit.cls ?? null}, ${visit.fcp ?? null},
       ${visit.ttfb ?? null}, ${visit.actToInteractive ?? null})`);
}

/** Deletes visits past their 13 months; the scheduled deliverer calls this. */
export async function pruneVisits(db: Queryable, now: Date): Promise<number> {
  const result = await db.query(sql`
    delete from public.site_visits
    where created_at < ${now}::timestamptz - make_interval(months => ${visitRetentionMonths}::int)`);
  return result.rowCount ?? 0;
}
