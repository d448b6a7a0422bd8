import type { Sql } from "../../../tools/postgres/src/client.ts";
import type {
  ContactNotificationRow,
  ContactRequestRow,
} from "../../functions/_shared/tableRows.ts";

export type StoredLead = Pick<
  ContactRequestRow,
  "created_at" | "name" | "email" | "phone" | "service" | "message"
> & {
  notification?: Pick<ContactNotificationRow, "status" | "attempts" | "last_error">;
};

/**
 * Leads whose text attacks whoever reads it: terminal escapes, forged lines, spreadsheet
 * formulas, bidi overrides, encoded-words, a word too long for any screen. The form refuses
 * most of this in a name, phone or email now, but rows stored earlier (or by hand) can hold it,
 * and a message may hold much of it still: so the tests store these rows directly.
 */
export const hostileLeads = {
  escapes: {
    created_at: new Date("2026-05-04T12:03:00Z"),
    name: "Eve\u001b[2J\u0007",
    phone: "(586) 555-0123\b\b\b\b",
    email: "eve@example.com\u001b[1A\u001b[2K",
    service: "interior",
    message:
      "Wet wall\u001b]0;pwned\u0007\r\nsecond line\u2028third\u009b31m red \u202Eevil\u202C\u200Bend 🏠💧",
    notification: {
      status: "failed",
      attempts: 8,
      last_error: "resend 422 validation_error: \u001b[31mrejected",
    },
  },
  formulas: {
    created_at: new Date("2026-05-04T12:02:00Z"),
    name: '\u200B=HYPERLINK("http://evil.example","x")\u2060',
    phone: "＋1 (586) 555-0123",
    email: "\u3000-1+1@example.com",
    service: "\u3164=1+1",
    message: "\uFEFF\u00A0＝1+1\nsecond line @ noon",
  },
  forgedLines: {
    created_at: new Date("2026-05-04T12:01:00Z"),
    name: "Eve\r\nPhone: 555-0000\u2028Email: attacker@example.com\u2029\u202Egnp.exe =?UTF-8?B?SGk=?=",
    phone: "(586) 555-0123\nEmail: fake@example.com",
    email: "eve@example.com\r\nBcc: victim@example.com",
    service: "egress",
    message:
      'Line one\r\nPhone: 000 fake\n<script>alert(1)</script> & "quotes"\u2029Received: never\n\n\tindented',
  },
  longWord: {
    created_at: new Date("2026-05-04T12:00:00Z"),
    name: `Lo${"o".repeat(998)}`,
    phone: "(586) 555-0199",
    email: "long@example.com",
    service: "",
    message: `W${"a".repeat(1998)}h`,
  },
} satisfies Record<string, StoredLead>;

/** Stores a lead and its notification, due when the lead was made unless the lead says otherwise. */
export async function storeLead(sql: Sql, lead: StoredLead): Promise<string> {
  const notification = lead.notification ?? { status: "pending", attempts: 0, last_error: null };
  const [row] = await sql<{ id: string }[]>`
    insert into public.contact_requests
      (created_at, request_id, name, email, phone, service, message, client_address_hash, status)
    values
      (${lead.created_at}, gen_random_uuid(), ${lead.name}, ${lead.email}, ${lead.phone},
       ${lead.service}, ${lead.message}, 'stored-directly',
       ${notification.status === "failed" ? "notification_failed" : "new"})
    returning id`;
  if (!row) throw new Error("the lead was not stored");
  await sql`
    insert into public.contact_notifications
      (contact_request_id, created_at, next_attempt_at, status, attempts, last_error)
    values
      (${row.id}, ${lead.created_at}, ${lead.created_at}, ${notification.status},
       ${notification.attempts}, ${notification.last_error})`;
  return row.id;
}
