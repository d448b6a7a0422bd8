import { strict as assert } from "node:assert";
import type { Database } from "../../functions/send-contact-email/database.ts";

/**
 * What the visitors were told: every 200's lead id, by request id. `verify` then holds the
 * database to it — one lead per request id, the id the visitor got, nothing stored without a 200.
 */
export class LeadLedger {
  readonly #answered = new Map<string, Set<string>>();

  record(requestId: string, leadId: string): void {
    const ids = this.#answered.get(requestId) ?? new Set();
    ids.add(leadId);
    this.#answered.set(requestId, ids);
  }

  get size(): number {
    return this.#answered.size;
  }

  /** Lead ids the visitors got, one per request id (verify checks there is only one). */
  leadIds(): string[] {
    return [...this.#answered.values()].flatMap((ids) => [...ids]);
  }

  async verify(db: Database): Promise<{ leads: number; spam: number }> {
    const rows = await db<{ request_id: string; id: string; is_spam: boolean }[]>`
      select request_id::text, id::text, is_spam from public.contact_requests`;
    const stored = new Map<string, string[]>();
    for (const row of rows)
      stored.set(row.request_id, [...(stored.get(row.request_id) ?? []), row.id]);
    for (const [requestId, ids] of this.#answered) {
      assert.equal(ids.size, 1, `request ${requestId} was answered with ${[...ids]}`);
      assert.deepEqual(stored.get(requestId), [...ids], `request ${requestId} is stored once`);
    }
    assert.equal(rows.length, this.#answered.size, "every stored lead was answered 200");

    const notifications = await db<{ is_spam: boolean; queued: number }[]>`
      select r.is_spam, count(n.id)::int as queued
      from public.contact_requests r left join public.contact_notifications n on n.contact_request_id = r.id
      group by r.id, r.is_spam`;
    for (const row of notifications) assert.equal(row.queued, row.is_spam ? 0 : 1);
    return { leads: rows.length, spam: rows.filter((row) => row.is_spam).length };
  }
}
