import { strict as assert } from "node:assert";
import type { Database as Sql } from "../../../tools/postgres/src/client.ts";
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
import { storeNewLead } from "../support/sampleLead.ts";
import { twoDeliveriesBehindTheLead } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });

Deno.test("a lead's email, text and acknowledgment are sent in fifteen round trips, its two owner alerts recorded in one", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, config, now);
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
    // commit: 10); the claim (1); the undelivered texts the email reports (1); one statement that
    // settles both owner alerts and moves the lead's status with them, and the acknowledgment's
    // own (2).
    assert.equal(statements.length, 15, statements.join("\n---\n"));
    const [lead] = await database.sql<{ status: string }[]>`
      select status from public.contact_requests`;
    assert.equal(lead?.status, "notified");
  } finally {
    await database.close();
  }
});

const delivered = (): SendResult => ({ ok: true, messageId: crypto.randomUUID() });
const refused = (): SendResult => ({ ok: false, retryable: false, error: "refused" });

/** A lead's alerts, each in a delivery of its own: the text is due a second after the email. */
async function storeLeadWithLateText(db: Database, sql: Sql, now: Date): Promise<void> {
  await storeNewLead(db, config, now);
  await sql`update public.contact_notifications set next_attempt_at = ${new Date(now.getTime() + 1000)}
    where kind = 'alert-sms'`;
}

/**
 * The owner's channels claimed by two deliveries and recorded while a session holds their lead's
 * row, so each records on a snapshot taken before the other's commit: each must still count the
 * other's result.
 */
for (const [emailResult, smsResult, expected] of [
  [delivered, refused, "notified"],
  [refused, delivered, "notified"],
  [refused, refused, "notification_failed"],
] as const) {
  Deno.test(`an owner email ${emailResult === delivered ? "delivered" : "refused"} and text ${smsResult === delivered ? "delivered" : "refused"} recorded at once by two deliveries leave the lead ${expected}`, async () => {
    const database = await startTestDatabase();
    try {
      const now = new Date();
      await storeLeadWithLateText(database.db, database.sql, now);
      const email: EmailProvider = {
        name: "test email",
        send: () => Promise.resolve(emailResult()),
      };
      const sms: SmsProvider = { name: "test sms", send: () => Promise.resolve(smsResult()) };
      // The email's delivery claims it and waits for the lead; then the text's, a second later.
      await twoDeliveriesBehindTheLead(
        database.url,
        database.sql,
        (at) =>
          deliverPendingNotifications(database.db, at, deliveryContext(config, { email, sms })),
        [now, new Date(now.getTime() + 2000)],
      );
      const [lead] = await database.sql<{ status: string }[]>`
        select status from public.contact_requests`;
      assert.equal(lead?.status, expected);
    } finally {
      await database.close();
    }
  });
}

Deno.test("a lead's email and text delivered together are recorded with the lead in one write", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, config, now);
    const email: EmailProvider = { name: "test email", send: () => Promise.resolve(delivered()) };
    const sms: SmsProvider = { name: "test sms", send: () => Promise.resolve(delivered()) };
    await deliverPendingNotifications(database.db, now, deliveryContext(config, { email, sms }));
    const rows = await database.sql<{ status: string; version: string }[]>`
      select status, xmin::text as version from public.contact_requests
      union all
      select status, xmin::text from public.contact_notifications
      where kind in ('alert-email', 'alert-sms')`;
    assert.deepEqual(
      rows.map((row) => row.status),
      ["notified", "delivered", "delivered"],
    );
    assert.equal(new Set(rows.map((row) => row.version)).size, 1, JSON.stringify(rows));
  } finally {
    await database.close();
  }
});

Deno.test("a lead its email already notified is not written again when its text is delivered later", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, config, now);
    const leadVersion = async () => {
      const [lead] = await database.sql<{ status: string; version: string }[]>`
        select status, xmin::text as version from public.contact_requests`;
      return lead;
    };
    const email: EmailProvider = { name: "test email", send: () => Promise.resolve(delivered()) };
    let textAnswers = (): SendResult => ({ ok: false, retryable: true, error: "busy" });
    const sms: SmsProvider = { name: "test sms", send: () => Promise.resolve(textAnswers()) };
    const context = deliveryContext(config, { email, sms });
    assert.deepEqual(await deliverPendingNotifications(database.db, now, context), {
      delivered: 2,
      retrying: 1,
      failed: 0,
    });
    const notified = await leadVersion();
    assert.equal(notified?.status, "notified");
    textAnswers = delivered;
    const later = new Date(now.getTime() + 3_600_000);
    assert.deepEqual(await deliverPendingNotifications(database.db, later, context), {
      delivered: 1,
      retrying: 0,
      failed: 0,
    });
    const [text] = await database.sql<{ status: string }[]>`
      select status from public.contact_notifications where kind = 'alert-sms'`;
    assert.equal(text?.status, "delivered");
    assert.deepEqual(await leadVersion(), notified);
  } finally {
    await database.close();
  }
});
