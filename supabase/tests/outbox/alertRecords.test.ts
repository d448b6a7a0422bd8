import { strict as assert } from "node:assert";
import { connect } from "../../../tools/postgres/src/client.ts";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import type {
  EmailProvider,
  SendResult,
} from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import type { SmsProvider } from "../../functions/send-contact-email/outbox/providers/smsProvider.ts";
import { deliveryContext, testConfig } from "../support/harness.ts";
import { storeNewLead } from "../support/sampleLead.ts";
import { twoDeliveriesBehindTheLead } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100,+15865550101" });
const delivered = (): SendResult => ({ ok: true, messageId: crypto.randomUUID() });
const refused = (): SendResult => ({ ok: false, retryable: false, error: "refused" });

Deno.test("a text delivered while another delivery records a failure still leaves its lead notified", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    await storeNewLead(database.db, config, now);
    // The lead was notified by its first text; its email has failed for good. The first text is
    // due again (it did not arrive), the second retries on its last attempt, a second earlier.
    await database.sql`update public.contact_notifications set awaits_budget = false,
      status = 'delivered', delivered_at = ${now} where kind = 'acknowledgment'`;
    await database.sql`update public.contact_notifications set status = 'failed', attempts = 8
      where kind = 'alert-email'`;
    await database.sql`update public.contact_notifications set awaits_budget = false,
      next_attempt_at = ${new Date(now.getTime() + 1000)}, attempts = 1
      where recipient = '+15865550100'`;
    await database.sql`update public.contact_notifications set awaits_budget = false,
      next_attempt_at = ${now}, attempts = 7 where recipient = '+15865550101'`;
    await database.sql`update public.contact_requests set status = 'notified'`;
    const email: EmailProvider = { name: "test email", send: () => Promise.resolve(delivered()) };
    const sms: SmsProvider = {
      name: "test sms",
      send: (message) => Promise.resolve(message.to === "+15865550100" ? delivered() : refused()),
    };
    const context = deliveryContext(config, { email, sms });
    // The refused text's delivery waits for the lead first and will write notification_failed;
    // the delivered one waits behind it, on a snapshot that still says notified.
    await twoDeliveriesBehindTheLead(
      database.url,
      database.sql,
      (at) => deliverPendingNotifications(database.db, at, context),
      [now, new Date(now.getTime() + 2000)],
    );
    const [lead] = await database.sql<{ status: string }[]>`
      select status from public.contact_requests`;
    assert.equal(lead?.status, "notified");
  } finally {
    await database.close();
  }
});

Deno.test("an acknowledgment is recorded at once even while its lead is held past the lock timeout", async () => {
  const database = await startTestDatabase();
  const holder = connect(database.url);
  try {
    const now = new Date();
    await storeNewLead(database.db, config, now);
    const email: EmailProvider = { name: "test email", send: () => Promise.resolve(delivered()) };
    const sms: SmsProvider = { name: "test sms", send: () => Promise.resolve(delivered()) };
    const session = await holder.reserve();
    await session.unsafe("begin");
    // As an escalation being sent by another delivery holds it.
    await session.unsafe("select 1 from public.contact_requests for share");
    const outcome = await deliverPendingNotifications(
      database.db,
      now,
      deliveryContext(config, { email, sms }),
    ).then(
      () => "recorded",
      (error: unknown) => String(error),
    );
    await session.unsafe("commit");
    session.release();
    assert.match(outcome, /lock timeout/);
    const rows = await database.sql<{ kind: string; status: string }[]>`
      select kind, status from public.contact_notifications order by kind, recipient`;
    // The owner's alerts wait for the lead and are sent again after their lease, as before; the
    // acknowledgment, which never waits for the lead, is recorded and never sent twice.
    assert.deepEqual(
      rows.map((row) => `${row.kind} ${row.status}`),
      ["acknowledgment delivered", "alert-email sending", "alert-sms sending", "alert-sms sending"],
    );
  } finally {
    await holder.end();
    await database.close();
  }
});

Deno.test("a visitor's lead is stored while six escalations are slowly sent", async () => {
  const database = await startTestDatabase();
  try {
    const now = new Date();
    for (let lead = 0; lead < 3; lead++) await storeNewLead(database.db, config, now);
    await database.sql`update public.contact_notifications set status = 'delivered',
      awaits_budget = false, delivered_at = ${now}`;
    await database.sql`insert into public.contact_notifications
        (contact_request_id, kind, recipient, created_at, next_attempt_at)
      select id, escalation.kind, escalation.recipient, ${now}, ${now}
      from public.contact_requests,
        (values ('escalation-email', ''), ('escalation-sms', '+15865550100'))
          as escalation(kind, recipient)`;
    // Each escalation holds a pool connection while it is sent; the provider answers after the
    // pool's 5 s wait for a connection, so a delivery holding all of them would refuse the lead.
    const slowly = async (): Promise<SendResult> => {
      await new Promise((resolve) => setTimeout(resolve, 5500));
      return delivered();
    };
    const email: EmailProvider = { name: "slow email", send: slowly };
    const sms: SmsProvider = { name: "slow sms", send: slowly };
    const delivery = deliverPendingNotifications(
      database.db,
      now,
      deliveryContext(config, { email, sms }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await storeNewLead(database.db, config, now);
    assert.deepEqual(await delivery, { delivered: 6, retrying: 0, failed: 0 });
  } finally {
    await database.close();
  }
});
