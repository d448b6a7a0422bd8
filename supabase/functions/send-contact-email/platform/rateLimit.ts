import sql, { type Sql } from "sql-template-tag";
import type { Queryable } from "./database.ts";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The advisory-lock namespace of a client's rate limit (the first key of the two-key form). */
export const rateLimitLockSpace = 0x72617465;

/** The lock on a client's rate limit, as one call of a `select` list (see `countHit`). */
export function rateLimitLock(addressHash: string): Sql {
  return sql`pg_advisory_xact_lock(${rateLimitLockSpace}::int, hashtext(${addressHash}))`;
}

/**
 * Counts one submission for the client if fewer than `max` of its leads stand in the window that
 * ends now: a sliding window, so no client gets more than `max` in any `windowSeconds`, across
 * what a fixed window's edge would be too. The leads admitted are kept one row each, in Postgres,
 * under a lock on the client, so the limit holds across every function instance. It runs inside
 * the lead's transaction, after the duplicate checks, so a copy of a stored lead never counts.
 */
export async function consumeRateLimit(
  db: Queryable,
  addressHash: string,
  now: Date,
  limit: RateLimit,
): Promise<RateLimitDecision> {
  await db.query(sql`select ${rateLimitLock(addressHash)}`);
  return await countHit(db, addressHash, now, limit);
}

/**
 * `consumeRateLimit` for a caller whose transaction already holds `rateLimitLock`: the count and
 * the new hit in one statement, one round trip.
 */
export async function countHit(
  db: Queryable,
  addressHash: string,
  now: Date,
  limit: RateLimit,
): Promise<RateLimitDecision> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const { rows } = await db.query<{ admitted: boolean; oldest: Date | null }>(sql`
    with recent as (
      select at from public.contact_rate_limit_hits
      where client_address_hash = ${addressHash} and at > ${windowStart}
      order by at desc
      limit ${limit.max}::int
    ), hit as (
      insert into public.contact_rate_limit_hits (client_address_hash, at)
      select ${addressHash}, ${now} where (select count(*) from recent) < ${limit.max}::int
      returning 1
    )
    select exists (select from hit) as admitted, (select min(at) from recent) as oldest`);
  const [decision] = rows;
  if (decision?.admitted) return { allowed: true };
  // The oldest of the last `max` leaves the window first, and frees a place.
  const oldest = decision?.oldest ?? now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}

/** Forgets what has left the window; the scheduled deliverer calls this. */
export async function pruneRateLimits(db: Queryable, now: Date, limit: RateLimit): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const hits = await db.query(
    sql`delete from public.contact_rate_limit_hits where at <= ${windowStart}`,
  );
  return hits.rowCount ?? 0;
}
