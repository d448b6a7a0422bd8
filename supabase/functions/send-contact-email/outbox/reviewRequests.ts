import sql from "sql-template-tag";
import { type Database, inTransaction } from "../platform/database.ts";
import { base64url, hmacSha256 } from "../platform/hmac.ts";
import { constantTimeEqual } from "../platform/secrets.ts";

/**
 * Review requests (docs/owner-tools.md, "Review requests"): every lead marked "job done" gets one
 * email 2 hours after the mark (an undo in its 10 minutes leaves no mark to ask for), and one
 * reminder 5 days after the request arrived, unless the homeowner tapped the email's opt-out link.
 * Never for a lead flagged as spam, never chosen by outcome or amount. The deliverer queues them
 * on each run, under a lock, at most `perHour` in any hour: past it they wait for a later run,
 * none is dropped. Each lead's request and reminder are queued once (dedupe key: the lead), so
 * two deliverers at once queue one.
 */

export const reviewDelayHours = 2;
export const reminderDelayDays = 5;

/** Advisory-lock namespace: the hourly budget of review emails. */
const reviewLockSpace = 0x72657669;

export interface ReviewSettings {
  /** GOOGLE_REVIEW_URL: none, and nothing is queued. */
  url: string | undefined;
  perHour: number;
}

/** Queues the review emails now due, within the hour's budget; answers how many were queued. */
export async function queueReviewRequests(
  db: Database,
  now: Date,
  settings: ReviewSettings,
): Promise<number> {
  if (settings.url === undefined) return 0;
  return await inTransaction(db, async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${reviewLockSpace}::int, 0)`);
    const result = await tx.query(sql`
      with budget as (
        select greatest(0, ${settings.perHour}::int - count(*))::int as left_this_hour
        from public.contact_notifications
        where kind in ('review-request', 'review-reminder')
          and created_at > ${now}::timestamptz - interval '1 hour'
      ), due as (
        select r.id, 'review-request' as kind, o.at as since
        from public.lead_outcomes o
        join public.contact_requests r on r.id = o.contact_request_id
        where o.step = 'job-done' and o.undone_at is null and not r.is_spam
          and o.at <= ${now}::timestamptz - make_interval(hours => ${reviewDelayHours}::int)
          and not exists (select 1 from public.contact_notifications n
            where n.contact_request_id = r.id and n.kind = 'review-request')
        union all
        select r.id, 'review-reminder', n.delivered_at
        from public.contact_notifications n
        join public.contact_requests r on r.id = n.contact_request_id
        where n.kind = 'review-request' and n.status = 'delivered' and not r.is_spam
          and r.review_opted_out_at is null
          and n.delivered_at <= ${now}::timestamptz - make_interval(days => ${reminderDelayDays}::int)
          and not exists (select 1 from public.contact_notifications m
            where m.contact_request_id = r.id and m.kind = 'review-reminder')
        order by since, id
        limit (select left_this_hour from budget)
      )
      insert into public.contact_notifications
        (contact_request_id, kind, recipient, dedupe_key, created_at, next_attempt_at)
      select id, kind, '', id::text, ${now}, ${now} from due
      on conflict do nothing`);
    return result.rowCount ?? 0;
  });
}

// Signed with the lead, so that no other token made with the secret (the owner's links among
// them) can pass as this one, nor this one as theirs.
const purpose = "review-opt-out";

/** The opt-out token of a lead: no expiry (the reminder comes days later), this lead only. */
export async function reviewOptOutToken(secret: string, leadId: string): Promise<string> {
  const mac = await hmacSha256(secret, `${purpose}\n${leadId}`);
  return base64url(new Uint8Array(mac, 0, 16));
}

export async function validOptOutToken(
  secret: string,
  leadId: string,
  token: string | null,
): Promise<boolean> {
  return token !== null && constantTimeEqual(token, await reviewOptOutToken(secret, leadId));
}

/** The function's route the review emails' opt-out link opens: `/review-opt-out/<lead>?token=…`. */
export const reviewOptOutRoute = "/review-opt-out/";

export async function reviewOptOutLink(
  functionUrl: string,
  secret: string,
  leadId: string,
): Promise<string> {
  const token = await reviewOptOutToken(secret, leadId);
  return `${functionUrl}${reviewOptOutRoute}${leadId}?token=${token}`;
}
