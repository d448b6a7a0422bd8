import sql from "sql-template-tag";
import type { ContactRateLimitRow } from "../../_shared/tableRows.ts";
import type { Queryable } from "./database.ts";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one submission for the address in the current fixed window, atomically in Postgres, so
 * the limit holds across every function instance. It runs inside the lead's transaction, after
 * the duplicate checks, so a copy of a stored lead never counts.
 */
export async function consumeRateLimit(
  db: Queryable,
  addressHash: string,
  now: Date,
  limit: RateLimit,
): Promise<RateLimitDecision> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await db.query<Pick<ContactRateLimitRow, "request_count">>(sql`
    insert into public.contact_rate_limits (client_address_hash, window_start, request_count)
    values (${addressHash}, ${windowStart}, 1)
    on conflict (client_address_hash, window_start)
    do update set request_count = public.contact_rate_limits.request_count + 1
    returning request_count`);
  if ((rows[0]?.request_count ?? 0) <= limit.max) return { allowed: true };
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}

/** Windows older than a day only take space; the scheduled deliverer calls this. */
export async function pruneRateLimits(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const result = await db.query(
    sql`delete from public.contact_rate_limits where window_start < ${before}`,
  );
  return result.rowCount ?? 0;
}
