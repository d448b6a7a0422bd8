import { strict as assert } from "node:assert";
import type { ContactRequest } from "@bluewater/content/contact";
import type { Database } from "../../../tools/postgres/src/client.ts";
import type { LoggedEmail } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";

/**
 * Every queued notification meant to go went out exactly once, under its own idempotency key, and
 * none the budgets held back went at all: an acknowledgment past one client's hourly cap is
 * `suppressed`, never sent (outbox/acknowledgmentPolicy.ts), and a fuzz now and then sends
 * more than that cap's leads from one address.
 */
export async function assertEachNotificationSentOnce(
  db: Database,
  sent: readonly LoggedEmail[],
): Promise<void> {
  const queued = await db<{ id: string; held_back: boolean }[]>`
    select id::text, status in ('suppressed', 'folded', 'cancelled') as held_back
    from public.contact_notifications`;
  const byKey = new Map<string, number>();
  for (const email of sent)
    byKey.set(email.idempotencyKey, (byKey.get(email.idempotencyKey) ?? 0) + 1);
  const meantToGo = queued.filter((notification) => !notification.held_back);
  assert.equal(sent.length, meantToGo.length);
  for (const { id } of meantToGo) assert.equal(byKey.get(`contact-notification/${id}`), 1, id);
}

/** A request's content as the function compares it: fields as stored, the email lower-cased. */
function contentKey(request: ContactRequest): string {
  const text = (value: string) => value.toWellFormed();
  return JSON.stringify([
    text(request.name),
    text(request.phone),
    text(request.email).toLowerCase(),
    text(request.service),
    text(request.message),
  ]);
}

/**
 * What the visitors were told: each accepted submission's content, its idempotency key and, for
 * a JSON answer, the lead id. `verify` holds the database to it — within the day every test
 * runs in, one lead per content, every key naming one lead, nothing stored without a success.
 */
export class LeadLedger {
  readonly #contents = new Map<string, Set<string | undefined>>();
  readonly #keys = new Map<string, Set<string>>();

  record(accepted: { content: ContactRequest; key: string | undefined }, leadId?: string): void {
    const content = contentKey(accepted.content);
    const ids = this.#contents.get(content) ?? new Set();
    ids.add(leadId);
    this.#contents.set(content, ids);
    if (accepted.key !== undefined) {
      const keyed = this.#keys.get(accepted.key) ?? new Set();
      keyed.add(content);
      this.#keys.set(accepted.key, keyed);
    }
  }

  get size(): number {
    return this.#contents.size;
  }

  async verify(db: Database): Promise<{ leads: number; spam: number }> {
    const rows = await db<
      (ContactRequest & {
        id: string;
        request_id: string;
        is_spam: boolean;
        honeypot: boolean;
        sender: string;
      })[]
    >`
      select id::text, request_id::text, name, phone, email, service, message, is_spam,
        spam_reason is not distinct from 'honeypot' as honeypot, client_address_hash as sender
      from public.contact_requests`;
    const byContent = new Map<string, typeof rows>();
    for (const row of rows) {
      const content = contentKey(row);
      byContent.set(content, [...(byContent.get(content) ?? []), row]);
    }
    // One lead per content, but a lead the honeypot flagged is an original for its sender only
    // (docs/function.md, "Bots"): one such lead per sender, and one other lead at most.
    for (const [content, leads] of byContent) {
      const flagged = leads.filter((lead) => lead.honeypot);
      const others = leads.length - flagged.length;
      assert.ok(others <= 1, `one lead for ${content}, not ${others}`);
      const senders = new Set(flagged.map((lead) => lead.sender));
      assert.equal(senders.size, flagged.length, `one honeypot lead per sender for ${content}`);
      assert.ok(
        this.#contents.has(content),
        `a lead was stored that nobody was told of: ${content}`,
      );
    }
    for (const [content, answered] of this.#contents) {
      const stored = byContent.get(content)?.map((lead) => lead.id);
      assert.ok(stored, `an accepted submission was not stored: ${content}`);
      for (const id of answered) if (id !== undefined) assert.ok(stored.includes(id), content);
    }

    const keys = await db<{ request_id: string; id: string }[]>`
      select request_id::text, id::text from public.contact_requests
      union all
      select request_id::text, contact_request_id::text from public.contact_request_keys`;
    const leadOfKey = new Map(keys.map((row) => [row.request_id, row.id]));
    assert.equal(leadOfKey.size, keys.length, "each key is stored once");
    for (const [key, contents] of this.#keys) {
      assert.equal(contents.size, 1, `key ${key} was accepted with ${contents.size} contents`);
      const [content = ""] = contents;
      const lead = leadOfKey.get(key);
      if (lead)
        assert.ok(
          byContent.get(content)?.some(({ id }) => id === lead),
          key,
        );
    }

    // A person's lead queues its owner email once (and its acknowledgment at most once); spam, nothing.
    const notifications = await db<
      { is_spam: boolean; alerts: number; acknowledgments: number; all: number }[]
    >`
      select r.is_spam, count(n.id) filter (where n.kind = 'alert-email')::int as alerts,
        count(n.id) filter (where n.kind = 'acknowledgment')::int as acknowledgments,
        count(n.id)::int as all
      from public.contact_requests r left join public.contact_notifications n on n.contact_request_id = r.id
      group by r.id, r.is_spam`;
    for (const row of notifications) {
      if (row.is_spam) assert.equal(row.all, 0);
      else assert.equal(row.alerts, 1);
      assert.ok(row.acknowledgments <= 1);
    }
    return { leads: rows.length, spam: rows.filter((row) => row.is_spam).length };
  }
}
