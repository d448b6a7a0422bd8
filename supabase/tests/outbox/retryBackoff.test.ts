import { strict as assert } from "node:assert";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import type { EmailProvider } from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import { deliveryContext, testConfig } from "../support/harness.ts";
import { storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const down: EmailProvider = {
  name: "down",
  send: () => Promise.resolve({ ok: false, retryable: true, error: "provider down" }),
};

Deno.test("a failing notification is retried after 30 s, 60 s, 2 min… up to the ceiling, then given up", async () => {
  const database = await startTestDatabase();
  const policy = { maxAttempts: 8, retryBaseSeconds: 30, retryMaxSeconds: 600, leaseSeconds: 120 };
  const context = { ...deliveryContext(testConfig(), { email: down }), policy };
  let now = new Date("2026-05-04T12:00:00Z");
  try {
    const leadId = await storeLead(database.sql, {
      created_at: now,
      name: "Dana",
      email: "dana@example.com",
      phone: "(586) 555-0123",
      service: "",
      message: "",
    });
    const waits: number[] = [];
    for (let attempt = 1; attempt < policy.maxAttempts; attempt += 1) {
      const report = await deliverPendingNotifications(database.db, now, context);
      assert.equal(report.retrying, 1, `attempt ${attempt} is retried`);
      const [row] = await database.sql<{ next_attempt_at: Date }[]>`
        select next_attempt_at from public.contact_notifications where contact_request_id = ${leadId}`;
      assert.ok(row);
      assert.equal(
        (await deliverPendingNotifications(database.db, now, context)).retrying,
        0,
        "nothing is sent before the wait is over",
      );
      waits.push((row.next_attempt_at.getTime() - now.getTime()) / 1000);
      now = row.next_attempt_at;
    }
    assert.deepEqual(waits, [30, 60, 120, 240, 480, 600, 600]);
    const last = await deliverPendingNotifications(database.db, now, context);
    assert.equal(last.failed, 1, "the last attempt gives up");
  } finally {
    await database.close();
  }
});
