import { strict as assert } from "node:assert";
import { ownerSms } from "@bluewater/content/owner-sms";
import { connect } from "../../../tools/postgres/src/client.ts";
import { queueDueEscalations } from "../../functions/send-contact-email/outbox/escalation.ts";
import { ownerNotifications } from "../../functions/send-contact-email/outbox/notificationKinds.ts";
import type { EmailProvider } from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import {
  logProvider,
  logSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import type { SmsProvider } from "../../functions/send-contact-email/outbox/providers/smsProvider.ts";
import { markContacted } from "../../functions/send-contact-email/owner/leadContact.ts";
import { startHandler, testConfig } from "../support/harness.ts";
import { untilASessionWaitsOnALock } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });
// Monday 10:00 in Marine City; its escalation is due 15 minutes on.
const received = new Date("2026-05-04T14:00:00Z").getTime();
const escalationDue = received + 15 * 60_000;

Deno.test("an escalation being sent when the owner marks the lead leaves before the mark is answered, never after", async () => {
  const database = await startTestDatabase();
  let clock = received;
  /** Escalations reach the provider and wait there until the test has marked the lead. */
  let markAnswered!: () => void;
  const markDone = new Promise<void>((resolve) => {
    markAnswered = resolve;
  });
  /** Both escalations are on their way (each holds its lead FOR SHARE) before the owner marks. */
  let reached!: () => void;
  const escalationsReached = new Promise<void>((resolve) => {
    let waiting = 2;
    reached = () => {
      waiting -= 1;
      if (waiting === 0) resolve();
    };
  });
  const left: { what: string; at: number }[] = [];
  const email = logProvider({ print: false });
  const sms = logSmsProvider({ print: false });
  const hold = async (what: string, escalation: boolean) => {
    if (!escalation) return;
    reached();
    await Promise.race([markDone, untilASessionWaitsOnALock(database.sql)]);
    left.push({ what, at: performance.now() });
  };
  const heldEmail: EmailProvider = {
    name: "held email",
    send: async (message, key) => {
      await hold("email", message.subject.startsWith("Not called yet:"));
      return await email.send(message, key);
    },
  };
  const heldSms: SmsProvider = {
    name: "held sms",
    send: async (message, attempt) => {
      await hold("sms", message.body.startsWith(ownerSms.escalation));
      return await sms.send(message, attempt);
    },
  };
  const test = startHandler({
    db: database.db,
    config,
    provider: heldEmail,
    smsProvider: heldSms,
    now: () => new Date(clock),
  });
  try {
    const leadId = await test.submit();
    clock = escalationDue;
    const deliverer = test.deliver();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      escalationsReached,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("both escalations never reached their providers within 10 s")),
          10_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    let markedAt = 0;
    const mark = markContacted(database.db, leadId, new Date(clock)).then((outcome) => {
      markedAt = performance.now();
      markAnswered();
      return outcome;
    });
    assert.equal((await mark).kind, "marked");
    await deliverer;
    const late = left.filter((sent) => sent.at >= markedAt).map((sent) => sent.what);
    assert.deepEqual(late, [], "no escalation left after the owner was told it is marked");
    assert.equal(left.length, 2, "both escalations were already on their way, and went");
  } finally {
    await test.settle();
    await database.close();
  }
});

Deno.test("an escalation claimed before the owner's mark committed is cancelled, not sent", async () => {
  const database = await startTestDatabase();
  let clock = received;
  const email = logProvider({ print: false });
  const sms = logSmsProvider({ print: false });
  const test = startHandler({
    db: database.db,
    config,
    provider: email,
    smsProvider: sms,
    now: () => new Date(clock),
  });
  const marker = connect(database.url);
  const mark = await marker.reserve();
  try {
    const leadId = await test.submit();
    clock = escalationDue;
    const escalations = ownerNotifications(config, "escalation");
    assert.equal(await queueDueEscalations(database.db, new Date(clock), escalations), 1);
    // The owner's mark is under way: it holds the lead, as markContacted does, until it commits.
    await mark`begin`;
    await mark`select 1 from public.contact_requests where id = ${leadId} for update`;
    const deliverer = test.deliver();
    await untilASessionWaitsOnALock(database.sql);
    await mark`update public.contact_requests set contacted_at = ${new Date(clock)} where id = ${leadId}`;
    await mark`commit`;
    await deliverer;
    const sent = [
      ...email.sent.map((m) => m.message.subject),
      ...sms.sent.map((m) => m.message.body),
    ];
    assert.deepEqual(
      sent.filter(
        (text) => text.startsWith("Not called yet:") || text.startsWith(ownerSms.escalation),
      ),
      [],
    );
    const rows = await database.sql<{ status: string }[]>`
      select status from public.contact_notifications
      where contact_request_id = ${leadId} and kind like 'escalation-%'`;
    assert.deepEqual(
      rows.map((row) => row.status),
      ["cancelled", "cancelled"],
    );
  } finally {
    mark.release();
    await marker.end();
    await test.settle();
    await database.close();
  }
});
