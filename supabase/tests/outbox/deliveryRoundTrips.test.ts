import { strict as assert } from "node:assert";
import { connect } from "../../../tools/postgres/src/client.ts";
import {
  notificationPlanFor,
  storeLead,
} from "../../functions/send-contact-email/intake/leadStore.ts";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import type {
  EmailProvider,
  SendResult,
} from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import {
  logProvider,
  logSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import type { SmsProvider } from "../../functions/send-contact-email/outbox/providers/smsProvider.ts";
import type { Database } from "../../functions/send-contact-email/platform/database.ts";
import { countingStatements } from "../support/countingStatements.ts";
import { deliveryContext, testConfig } from "../support/harness.ts";
import { newLead } from "../support/sampleLead.ts";
import { untilSessionsWaitOnALock } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });

/** A new lead stored as the submit route stores it, its notifications queued and not sent. */
async function storeNewLead(db: Database, now: Date): Promise<void> {
  const stored = await storeLead(
    db,
    newLead({ now }),
    config.rateLimit,
    notificationPlanFor(config),
  );
  assert.equal(stored.kind, "created");
}

Deno.test("a lead's email, text and acknowledgment are sent and recorded in sixteen round trips, one per settled notification", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, now);
    const { db, statements } = countingStatements(database.db);
    const email = logProvider({ print: false });
    const sms = logSmsProvider({ print: false });
    const report = await deliverPendingNotifications(
      db,
      now,
      deliveryContext(config, { email, sms }),
    );
    assert.deepEqual(report, { delivered: 3, retrying: 0, failed: 0 });
    // What waits for a budget (1); the number's texts, then the acknowledgments, decided, each in
    // its own transaction (begin, its lock, what waits with what went this hour, the decision,
    // commit: 10); the claim (1); the undelivered texts the email reports (1); one statement per
    // settled notification, the owner's two moving the lead's status with them (3).
    assert.equal(statements.length, 16, statements.join("\n---\n"));
    const [lead] = await database.sql<{ status: string }[]>`
      select status from public.contact_requests`;
    assert.equal(lead?.status, "notified");
  } finally {
    await database.close();
  }
});

const delivered = (): SendResult => ({ ok: true, messageId: crypto.randomUUID() });
const refused = (): SendResult => ({ ok: false, retryable: false, error: "refused" });

/**
 * Both owner channels settle while a session holds their lead's row, so each records on a
 * snapshot taken before the other's commit: each must still count the other's result.
 */
for (const [emailResult, smsResult, expected] of [
  [delivered, refused, "notified"],
  [refused, delivered, "notified"],
  [refused, refused, "notification_failed"],
] as const) {
  Deno.test(`an owner email ${emailResult === delivered ? "delivered" : "refused"} and text ${smsResult === delivered ? "delivered" : "refused"} recorded at once leave the lead ${expected}`, async () => {
    const database = await startTestDatabase();
    const holder = connect(database.url);
    try {
      const now = new Date();
      await storeNewLead(database.db, now);
      const email: EmailProvider = {
        name: "test email",
        send: () => Promise.resolve(emailResult()),
      };
      const sms: SmsProvider = { name: "test sms", send: () => Promise.resolve(smsResult()) };
      const session = await holder.reserve();
      await session.unsafe("begin");
      await session.unsafe("select 1 from public.contact_requests for update");
      // Both recorders wait for the lead, their statements' snapshots taken before either commits.
      const delivery = deliverPendingNotifications(
        database.db,
        now,
        deliveryContext(config, { email, sms }),
      );
      await untilSessionsWaitOnALock(database.sql, 2);
      await session.unsafe("commit");
      session.release();
      await delivery;
      const [lead] = await database.sql<{ status: string }[]>`
        select status from public.contact_requests`;
      assert.equal(lead?.status, expected);
    } finally {
      await holder.end();
      await database.close();
    }
  });
}

Deno.test("a lead its email already notified is not written again when its text is delivered", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, now);
    const leadVersion = async () => {
      const [lead] = await database.sql<{ status: string; version: string }[]>`
        select status, xmin::text as version from public.contact_requests`;
      return lead;
    };
    const untilNotified = async (): Promise<string> => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const lead = await leadVersion();
        if (lead?.status === "notified") return lead.version;
        if (Date.now() > deadline) throw new Error("the email never made the lead notified");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    let notifiedVersion: string | undefined;
    const email: EmailProvider = { name: "test email", send: () => Promise.resolve(delivered()) };
    // The text answers only once the email's result has made the lead notified.
    const sms: SmsProvider = {
      name: "test sms",
      send: async () => {
        notifiedVersion = await untilNotified();
        return delivered();
      },
    };
    const report = await deliverPendingNotifications(
      database.db,
      now,
      deliveryContext(config, { email, sms }),
    );
    assert.deepEqual(report, { delivered: 3, retrying: 0, failed: 0 });
    assert.ok(notifiedVersion, "the text was never sent");
    const [text] = await database.sql<{ status: string }[]>`
      select status from public.contact_notifications where kind = 'alert-sms'`;
    assert.equal(text?.status, "delivered");
    assert.deepEqual(await leadVersion(), { status: "notified", version: notifiedVersion });
  } finally {
    await database.close();
  }
});
