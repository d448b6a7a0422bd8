import sql from "sql-template-tag";
import type { Queryable } from "../platform/database.ts";
import { isPlainAddress } from "./messages/emailMessage.ts";

/** How long a mailbox that got an acknowledgment gets no other. */
export const acknowledgmentWindowHours = 24;

/** Advisory-lock namespaces: one mailbox, and the hourly cap over all of them. */
const lockSpace = { mailbox: 0x61636b6e, cap: 0x61636b63 } as const;

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
 * Whether a lead's visitor gets an acknowledgment (docs/function.md, "The acknowledgment"):
 * none to an address that is not one plain address, or to a mailbox that got one in the last 24
 * hours; `suppressed` (queued as never sent, and said in the owner's email) once
 * ACKNOWLEDGMENT_MAX_PER_HOUR went out in the last hour, to all addresses together. Under a lock
 * on the mailbox and one on the cap, so that leads at once cannot pass either rule together.
 */
export async function acknowledgmentStatus(
  tx: Queryable,
  email: string,
  now: Date,
  perHour: number,
): Promise<"pending" | "suppressed" | undefined> {
  if (!isPlainAddress(email)) return undefined;
  const mailbox = mailboxOf(email);
  await tx.query(
    sql`select pg_advisory_xact_lock(${lockSpace.mailbox}::int, hashtext(${mailbox}))`,
  );
  const { rows: recent } = await tx.query(sql`
    select 1 from public.contact_requests r
    join public.contact_notifications n on n.contact_request_id = r.id
    where r.mailbox = ${mailbox} and n.kind = 'acknowledgment' and n.status <> 'suppressed'
      and n.created_at > ${now}::timestamptz - make_interval(hours => ${acknowledgmentWindowHours}::int)
    limit 1`);
  if (recent.length > 0) return undefined;
  await tx.query(sql`select pg_advisory_xact_lock(${lockSpace.cap}::int, 0)`);
  const { rows } = await tx.query<{ count: number }>(sql`
    select count(*)::int as count from public.contact_notifications
    where kind = 'acknowledgment' and status <> 'suppressed'
      and created_at > ${now}::timestamptz - interval '1 hour'`);
  return (rows[0]?.count ?? 0) < perHour ? "pending" : "suppressed";
}
