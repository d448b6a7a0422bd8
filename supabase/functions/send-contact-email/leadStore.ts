import type { ContactRequest } from "@bluewater/content/contactRequest.ts";
import type { Database } from "./database.ts";

export interface NewLead {
  requestId: string;
  request: ContactRequest;
  isSpam: boolean;
  clientAddressHash: string;
  userAgent: string;
  /** When its notification is first due: now, by the function's clock. */
  notifyAt: Date;
}

export interface StoredLead {
  id: string;
  created: boolean;
}

export async function findLeadIdByRequestId(
  db: Database,
  requestId: string,
): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    select id from public.contact_requests where request_id = ${requestId}`;
  return row?.id;
}

/**
 * Stores a lead and, unless it is spam, queues its notification in the same transaction: once the
 * function answers 200 the lead exists and its email will be sent. A request id seen before
 * returns the first lead instead of making a second one, even when two copies race.
 */
export async function insertContactRequest(db: Database, lead: NewLead): Promise<StoredLead> {
  const { request } = lead;
  return await db.begin(async (tx) => {
    const [inserted] = await tx<{ id: string }[]>`
      insert into public.contact_requests
        (request_id, name, email, phone, service, message, is_spam, client_address_hash, user_agent)
      values
        (${lead.requestId}, ${request.name}, ${request.email}, ${request.phone}, ${request.service},
         ${request.message}, ${lead.isSpam}, ${lead.clientAddressHash}, ${lead.userAgent})
      on conflict (request_id) do nothing
      returning id`;
    if (!inserted) {
      const [existing] = await tx<{ id: string }[]>`
        select id from public.contact_requests where request_id = ${lead.requestId}`;
      if (!existing) throw new Error("contact request vanished after a request id conflict");
      return { id: existing.id, created: false };
    }
    if (!lead.isSpam) {
      await tx`
        insert into public.contact_notifications (contact_request_id, next_attempt_at)
        values (${inserted.id}, ${lead.notifyAt})`;
    }
    return { id: inserted.id, created: true };
  });
}
