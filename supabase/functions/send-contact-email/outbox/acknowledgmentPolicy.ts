import sql, { type Sql } from "sql-template-tag";
import { type Database, inTransaction, type Queryable } from "../platform/database.ts";
import { isPlainAddress } from "./messages/emailMessage.ts";

/** How long a mailbox that got an acknowledgment gets no other. */
export const acknowledgmentWindowHours = 24;

/** Advisory-lock namespaces: one mailbox, and the hourly cap over all of them. */
export const acknowledgmentLockSpace = { mailbox: 0x61636b6e, cap: 0x61636b63 } as const;

/**
 * The mailbox an address delivers to, as the once-a-day rule compares it: lower case, without a
 * +tag (`x+promo@…` reaches `x@…` at nearly every provider), and at Gmail without dots and with
 * googlemail.com as gmail.com, since Gmail ignores both. Elsewhere a dot is part of the name.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return address.toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  let domain = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * The lock on the mailbox a lead's acknowledgment would go to, as one call of a `select` list;
 * undefined for an address that never gets one.
 */
export function acknowledgmentMailboxLock(email: string): Sql | undefined {
  if (!isPlainAddress(email)) return undefined;
  return sql`pg_advisory_xact_lock(${acknowledgmentLockSpace.mailbox}::int, hashtext(${mailboxOf(email)}))`;
}

/**
 * Whether a lead's visitor is queued an acknowledgment (docs/function.md, "The acknowledgment"):
 * none to an address that is not one plain address, or to a mailbox that got one in the last 24
 * hours. The caller's transaction holds `acknowledgmentMailboxLock`, so that leads at once cannot
 * pass the rule together; the hourly caps are decided when it is sent (`decideAcknowledgments`),
 * so no lead waits for another mailbox's.
 */
export async function queuesAcknowledgment(
  tx: Queryable,
  email: string,
  now: Date,
): Promise<boolean> {
  if (!isPlainAddress(email)) return false;
  // Read by the acknowledgments' own mailbox (contact_notifications_mailbox_idx): joined from the
  // lead's mailbox, the check read the day's acknowledgments of every lead, in the lead's
  // transaction, and a flood made each lead slower than the last.
  const { rows: recent } = await tx.query(sql`
    select 1 from public.contact_notifications
    where kind = 'acknowledgment' and mailbox = ${mailboxOf(email)} and status <> 'suppressed'
      and created_at > ${now}::timestamptz - make_interval(hours => ${acknowledgmentWindowHours}::int)
    limit 1`);
  return recent.length === 0;
}

/** The hourly caps of acknowledgments: to all addresses together, and to one client's leads. */
export interface AcknowledgmentCaps {
  /** ACKNOWLEDGMENT_MAX_PER_HOUR */
  perHour: number;
  /** ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR: one address (or IPv6 /64) gets no more of the cap. */
  perClientPerHour: number;
}

/**
 * Decides every acknowledgment that waits for its caps (awaits_budget), oldest first: it goes
 * while fewer than `perHour` went in the last hour, and fewer than `perClientPerHour` to leads
 * from the same client; else it is `suppressed` (never sent, and said in the owner's email). Run
 * by whoever is about to send, in a transaction of its own that holds the caps' lock for a few
 * milliseconds, so that two senders cannot both pass a cap.
 */
export async function decideAcknowledgments(
  db: Database,
  now: Date,
  caps: AcknowledgmentCaps,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${acknowledgmentLockSpace.cap}::int, 0)`);
    // What waits, each row with what went this hour per client: one round trip, after the lock.
    const { rows: waiting } = await tx.query<{
      id: string;
      client: string;
      went: Record<string, number>;
    }>(sql`
      select n.id, r.client_address_hash as client, (
        select coalesce(json_object_agg(client, count), '{}') from (
          select sent_lead.client_address_hash as client, count(*)::int as count
          from public.contact_notifications sent
          join public.contact_requests sent_lead on sent_lead.id = sent.contact_request_id
          where sent.kind = 'acknowledgment' and sent.status <> 'suppressed'
            and not sent.awaits_budget and sent.created_at > ${now}::timestamptz - interval '1 hour'
          group by sent_lead.client_address_hash) as went) as went
      from public.contact_notifications n
      join public.contact_requests r on r.id = n.contact_request_id
      where n.awaits_budget and n.status = 'pending' and n.kind = 'acknowledgment'
      order by n.created_at, n.id`);
    if (waiting.length === 0) return;
    const perClient = new Map(Object.entries(waiting[0]?.went ?? {}));
    let total = [...perClient.values()].reduce((sum, count) => sum + count, 0);
    const statuses = waiting.map(({ client }) => {
      const clientCount = perClient.get(client) ?? 0;
      if (total >= caps.perHour || clientCount >= caps.perClientPerHour) return "suppressed";
      total += 1;
      perClient.set(client, clientCount + 1);
      return "pending";
    });
    await tx.query(sql`
      update public.contact_notifications n set status = decided.status, awaits_budget = false
      from unnest(${waiting.map((ack) => ack.id)}::uuid[], ${statuses}::text[])
        as decided(id, status)
      where n.id = decided.id`);
  });
}
