import type { ContactRequest } from "@bluewater/content/contact";
import type { LeadSource } from "@bluewater/content/visit";
import sql, { join, type Sql } from "sql-template-tag";
import type { ContactRequestRow } from "../../_shared/tableRows.ts";
import {
  acknowledgmentMailboxLock,
  mailboxOf,
  queuesAcknowledgment,
} from "../outbox/acknowledgmentPolicy.ts";
import { claimDelivererNotice } from "../outbox/delivererHeartbeat.ts";
import { escalationDueAt } from "../outbox/escalationTime.ts";
import {
  budgetedKinds,
  ownerNotifications,
  type PlannedNotification,
} from "../outbox/notificationKinds.ts";
import type { FunctionConfig } from "../platform/config.ts";
import { type Database, inTransaction, type Queryable } from "../platform/database.ts";
import { countHit, type RateLimit, rateLimitLock } from "../platform/rateLimit.ts";
import type { SpamReason } from "./submission.ts";

export interface NewLead {
  /** The client's idempotency key as a UUID; undefined when the sender gave none. */
  requestId: string | undefined;
  fingerprint: string;
  request: ContactRequest;
  spam: SpamReason | undefined;
  clientAddressHash: string;
  userAgent: string;
  /** Where the visit that sent it came from; empty when unknown (no script, or a bad tag). */
  source: LeadSource;
  /** The function's clock: when the notification is first due, and the rate-limit window. */
  now: Date;
}

/** What a real lead queues with it (docs/function.md, "The notifications"). */
export interface NotificationPlan {
  /** The owner's alerts: email, and SMS to each number. */
  owner: readonly PlannedNotification[];
  /** Minutes of business hours before a lead nobody marked as called is escalated. */
  escalationMinutes: number;
  /**
   * On a deployed project, where Supabase Cron runs the deliverer: the owner email says when it
   * stopped (outbox/delivererHeartbeat.ts). The local stack runs its own timer.
   */
  watchDeliverer: boolean;
}

/** The plan of every real lead, from the function's settings. */
export function notificationPlanFor(config: FunctionConfig): NotificationPlan {
  return {
    owner: ownerNotifications(config, "alert"),
    escalationMinutes: config.escalationMinutes,
    watchDeliverer: config.deployed,
  };
}

export type StoreOutcome =
  /** `notify`: notifications were queued in this transaction and are due now. */
  | { kind: "created"; id: string; notify: boolean }
  | { kind: "duplicate"; id: string; notify: boolean }
  | { kind: "conflict"; id: string }
  | { kind: "limited"; retryAfterSeconds: number };

/** How long a post without a key is taken for a copy of an earlier lead with the same content. */
export const duplicateWindowHours = 24;

/**
 * How long a copy's further key is kept: a client retries within minutes, and a week covers any
 * retry queue; the lead's own first key stays with the lead.
 */
export const requestKeyRetentionDays = 7;

/** Forgets further keys past `requestKeyRetentionDays`; the scheduled deliverer calls this. */
export async function pruneRequestKeys(db: Queryable, now: Date): Promise<number> {
  const result = await db.query(sql`
    delete from public.contact_request_keys
    where created_at < ${now}::timestamptz - make_interval(days => ${requestKeyRetentionDays}::int)`);
  return result.rowCount ?? 0;
}

/** Advisory-lock namespaces (the first key of the two-key form), so the kinds never collide. */
const lockSpace = { requestId: 0x6b657973, fingerprint: 0x66707269 } as const;

/** A 32-bit lock key from hex (a fingerprint or a UUID): collisions only serialise two posts. */
function lockKey(hex: string): number {
  return Number.parseInt(hex.replaceAll("-", "").slice(0, 8), 16) | 0;
}

type KnownLead = Pick<ContactRequestRow, "id" | "fingerprint" | "spam_reason">;

/**
 * The lead stored under the request's key (its own key, or one more key of it), and the newest
 * lead with the same content from the last `duplicateWindowHours`: one round trip for both. A
 * lead a filled honeypot flagged is a copy's original only for its own sender: otherwise a
 * stranger who knows a homeowner's details could post them first, honeypot filled, and the
 * homeowner's own request would be taken for a copy of spam, which nobody is told of.
 */
async function knownLeads(
  tx: Queryable,
  lead: NewLead,
): Promise<{ byKey: KnownLead | undefined; byContent: KnownLead | undefined }> {
  const byContent = sql`
    (select 'content' as found_by, id, fingerprint, spam_reason from public.contact_requests
     where fingerprint = ${lead.fingerprint}
       and created_at > now() - make_interval(hours => ${duplicateWindowHours}::int)
       and (spam_reason is distinct from 'honeypot'
         or client_address_hash = ${lead.clientAddressHash})
     order by created_at desc
     limit 1)`;
  const { rows } = await tx.query<KnownLead & { found_by: "key" | "content" }>(
    lead.requestId === undefined
      ? byContent
      : sql`
        (select 'key' as found_by, r.id, r.fingerprint, r.spam_reason
         from public.contact_requests r
         where r.request_id = ${lead.requestId}
         union all
         select 'key', r.id, r.fingerprint, r.spam_reason from public.contact_request_keys k
         join public.contact_requests r on r.id = k.contact_request_id
         where k.request_id = ${lead.requestId}
         limit 1)
        union all
        ${byContent}`,
  );
  return {
    byKey: rows.find((row) => row.found_by === "key"),
    byContent: rows.find((row) => row.found_by === "content"),
  };
}

/**
 * Every lock a lead's transaction may need, taken first, in one round trip and always in this
 * order, so that two leads never wait on each other in a circle: its key, its content, its
 * client's rate limit, and for a real lead the mailbox its acknowledgment would go to.
 */
function leadLocks(lead: NewLead): Sql {
  const lock = (space: number, key: number) =>
    sql`pg_advisory_xact_lock(${space}::int, ${key}::int)`;
  const mailbox =
    lead.spam === undefined ? acknowledgmentMailboxLock(lead.request.email) : undefined;
  return sql`select ${join(
    [
      ...(lead.requestId === undefined ? [] : [lock(lockSpace.requestId, lockKey(lead.requestId))]),
      lock(lockSpace.fingerprint, lockKey(lead.fingerprint)),
      rateLimitLock(lead.clientAddressHash),
      ...(mailbox ? [mailbox] : []),
    ],
    ", ",
  )}`;
}

/**
 * A copy of a lead flagged only for being sent too fast, now sent by someone who took their
 * time, lifts the flag and queues the email the first attempt did not get. A honeypot flag stays.
 */
async function answerCopy(
  tx: Queryable,
  known: KnownLead,
  lead: NewLead,
  plan: NotificationPlan,
): Promise<StoreOutcome> {
  if (known.spam_reason !== "too-fast" || lead.spam !== undefined) {
    return { kind: "duplicate", id: known.id, notify: false };
  }
  // The lead is real from now on: its escalation is counted from now, like a new lead's.
  await tx.query(sql`
    update public.contact_requests
    set is_spam = false, spam_reason = null,
      escalation_due_at = ${escalationDueAt(lead.now, plan.escalationMinutes)}
    where id = ${known.id}`);
  await queueNotifications(tx, known.id, lead, plan);
  return { kind: "duplicate", id: known.id, notify: true };
}

/**
 * Queues a real lead's notifications, due now: the owner's alerts, and the homeowner's
 * acknowledgment when its rules allow. Its texts and acknowledgment wait for their budgets, which
 * whoever sends them decides (outbox/textBudget.ts, outbox/acknowledgmentPolicy.ts): this
 * transaction takes no lock another lead needs. In the transaction that stores (or un-flags) the
 * lead, so that a lead is never stored without them.
 */
async function queueNotifications(
  tx: Queryable,
  leadId: string,
  lead: NewLead,
  plan: NotificationPlan,
): Promise<void> {
  const notifications: PlannedNotification[] = [...plan.owner];
  if (await queuesAcknowledgment(tx, lead.request.email, lead.now)) {
    notifications.push({ kind: "acknowledgment", recipient: "" });
  }
  // An acknowledgment names its mailbox, which the once-a-day rule reads by (acknowledgmentPolicy).
  await tx.query(sql`
    insert into public.contact_notifications
      (contact_request_id, kind, recipient, awaits_budget, created_at, next_attempt_at, mailbox)
    select ${leadId}::uuid, kind, recipient, kind = any(${budgetedKinds}::text[]), ${lead.now},
      ${lead.now}, case when kind = 'acknowledgment' then ${mailboxOf(lead.request.email)} end
    from unnest(${notifications.map((n) => n.kind)}::text[], ${notifications.map((n) => n.recipient)}::text[])
      as planned(kind, recipient)
    on conflict (contact_request_id, kind, recipient) do nothing`);
  if (plan.watchDeliverer) await claimDelivererNotice(tx, leadId, lead.now);
}

/**
 * Stores a lead once (docs/function.md, "One lead per request"). In one transaction, holding
 * `leadLocks` (among them one on the request id and one on the content fingerprint, so that
 * concurrent copies queue up behind each other):
 *
 * - a known request id answers with its lead, or `conflict` when its content differs;
 * - otherwise a lead with the same content from the last 24 hours answers (its new key, if any,
 *   is kept as one more key of that lead, for `requestKeyRetentionDays`);
 * - a new lead, and a copy's new key, count against the rate limit before they are written (a
 *   retry under a known key, or a copy without a key, writes nothing and never counts); a new
 *   lead's notifications are queued with it, so nobody is notified twice.
 */
export async function storeLead(
  db: Database,
  lead: NewLead,
  rateLimit: RateLimit,
  plan: NotificationPlan,
): Promise<StoreOutcome> {
  return await inTransaction(db, async (tx): Promise<StoreOutcome> => {
    await tx.query(leadLocks(lead));
    const { byKey, byContent: copy } = await knownLeads(tx, lead);
    if (byKey) {
      const sameContent = byKey.fingerprint === null || byKey.fingerprint === lead.fingerprint;
      return sameContent
        ? await answerCopy(tx, byKey, lead, plan)
        : { kind: "conflict", id: byKey.id };
    }
    if (copy && lead.requestId === undefined) return await answerCopy(tx, copy, lead, plan);

    // Whatever writes a row (a new lead, or a copy's new key) counts against the limit first, so
    // copies past it, each with a fresh key, are refused and store nothing.
    const decision = await countHit(tx, lead.clientAddressHash, lead.now, rateLimit);
    if (!decision.allowed)
      return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds };
    if (copy) {
      await tx.query(sql`
        insert into public.contact_request_keys (request_id, contact_request_id, created_at)
        values (${lead.requestId}, ${copy.id}, ${lead.now})`);
      return await answerCopy(tx, copy, lead, plan);
    }

    const { request, source } = lead;
    const real = lead.spam === undefined;
    const { rows } = await tx.query<Pick<ContactRequestRow, "id">>(sql`
      insert into public.contact_requests
        (request_id, fingerprint, name, email, mailbox, phone, service, message, is_spam,
         spam_reason, client_address_hash, user_agent, escalation_due_at, utm_source,
         utm_medium, utm_campaign, referrer_host, has_gclid, has_fbclid, gclid)
      values
        (${lead.requestId ?? crypto.randomUUID()}, ${lead.fingerprint}, ${request.name},
         ${request.email}, ${mailboxOf(request.email)}, ${request.phone}, ${request.service},
         ${request.message}, ${!real}, ${lead.spam ?? null}, ${lead.clientAddressHash},
         ${lead.userAgent}, ${real ? escalationDueAt(lead.now, plan.escalationMinutes) : null},
         ${source.utmSource ?? null}, ${source.utmMedium ?? null}, ${source.utmCampaign ?? null},
         ${source.referrer ?? null}, ${source.gclid === true}, ${source.fbclid === true},
         ${source.googleClickId ?? null})
      returning id`);
    const inserted = rows[0];
    if (!inserted) throw new Error("the new contact request was not returned");
    // Spam is stored for review, and never notifies anyone: neither the owner nor the address.
    if (real) await queueNotifications(tx, inserted.id, lead, plan);
    return { kind: "created", id: inserted.id, notify: real };
  });
}
