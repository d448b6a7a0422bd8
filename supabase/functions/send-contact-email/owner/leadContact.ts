import sql from "sql-template-tag";
import type { ContactRequestRow } from "../../_shared/tableRows.ts";
import type { LeadForEmail } from "../outbox/messages/emailMessage.ts";
import { type Database, inTransaction } from "../platform/database.ts";

type ContactTiming = Pick<ContactRequestRow, "contacted_at" | "seconds_to_contact">;

export type MarkOutcome =
  | { kind: "marked" | "already"; contactedAt: Date; secondsToContact: number }
  | { kind: "notFound" };

/** The lead a link names, with when it was marked as called (null while it was not). */
export async function leadToMark(
  db: Database,
  leadId: string,
): Promise<(LeadForEmail & ContactTiming) | undefined> {
  const { rows } = await db.query<LeadForEmail & ContactTiming>(sql`
    select id, created_at, name, email, phone, service, message, contacted_at, seconds_to_contact
    from public.contact_requests where id = ${leadId}`);
  return rows[0];
}

/**
 * Marks a lead as called, once: the first mark stays (a second is `already`, and changes
 * nothing). An escalation still waiting to be sent is cancelled with it, in one transaction that
 * locks the lead first, as every writer of a lead's notifications does; one being sent holds the
 * lead FOR SHARE (outbox/notificationQueue.ts), so the mark waits until it has left and answers
 * only then, and one claimed but not yet sent sees the mark and is cancelled.
 */
export async function markContacted(db: Database, leadId: string, now: Date): Promise<MarkOutcome> {
  return await inTransaction(db, async (tx): Promise<MarkOutcome> => {
    const { rows } = await tx.query<ContactTiming>(sql`
      select contacted_at, seconds_to_contact from public.contact_requests
      where id = ${leadId} for update`);
    const lead = rows[0];
    if (!lead) return { kind: "notFound" };
    if (lead.contacted_at) {
      return {
        kind: "already",
        contactedAt: lead.contacted_at,
        secondsToContact: lead.seconds_to_contact ?? 0,
      };
    }
    const marked = await tx.query<ContactTiming>(sql`
      update public.contact_requests set contacted_at = ${now} where id = ${leadId}
      returning contacted_at, seconds_to_contact`);
    await tx.query(sql`
      update public.contact_notifications set status = 'cancelled', locked_until = null
      where contact_request_id = ${leadId} and status = 'pending'
        and kind in ('escalation-email', 'escalation-sms')`);
    return {
      kind: "marked",
      contactedAt: marked.rows[0]?.contacted_at ?? now,
      secondsToContact: marked.rows[0]?.seconds_to_contact ?? 0,
    };
  });
}
