import { strict as assert } from "node:assert";
import { minimumFillMs } from "@bluewater/content/contact";
import { queueDueEscalations } from "../../functions/send-contact-email/outbox/escalation.ts";
import { ownerNotifications } from "../../functions/send-contact-email/outbox/notificationKinds.ts";
import { markContacted } from "../../functions/send-contact-email/owner/leadContact.ts";
import { startLoggingHandler, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });
const at = (iso: string) => new Date(iso).getTime();

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config,
    start: at("2026-05-04T14:00:00Z"),
  });
  const { email, sms } = handler;
  return {
    database,
    ...handler,
    setClock(iso: string) {
      handler.setClock(at(iso));
    },
    /** The escalations the owner received about a lead: [emails, texts]. */
    escalationsOf: (leadId: string) => [
      email.sent.filter(
        (sent) =>
          sent.message.text.includes(leadId) && sent.message.subject.startsWith("Not called yet:"),
      ).length,
      sms.sent.filter(
        (sent) =>
          sent.message.body.includes(leadId) && sent.message.body.startsWith("NOT CALLED YET:"),
      ).length,
    ],
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

Deno.test("a lead nobody marked in 15 minutes of business hours is escalated on every channel, once", async (t) => {
  const test = await setUp();
  try {
    // Monday 10:00 in Marine City.
    test.setClock("2026-05-04T14:00:00Z");
    const leadId = await test.submit({ name: "Dana Homeowner" });

    await t.step("not before its time", async () => {
      test.setClock("2026-05-04T14:14:59Z");
      assert.equal((await test.deliver()).escalated, 0);
      assert.deepEqual(test.escalationsOf(leadId), [0, 0]);
    });

    await t.step("at 15 minutes, a second alert by email and SMS", async () => {
      test.setClock("2026-05-04T14:15:00Z");
      const report = await test.deliver();
      assert.equal(report.escalated, 1);
      assert.equal(report.delivered, 2);
      assert.deepEqual(test.escalationsOf(leadId), [1, 1]);
      const escalation = test.email.sent.find((sent) =>
        sent.message.subject.startsWith("Not called yet:"),
      );
      assert.equal(
        escalation?.message.subject,
        "Not called yet: Dana Homeowner — Interior Waterproofing",
      );
      assert.ok(
        escalation?.message.text.startsWith(
          "No one has marked this request as called within 15 minutes of business hours. Please call them now.\n",
        ),
      );
      assert.match(String(escalation?.message.text), /Mark the lead as called: \S+\/contacted\//);
      const [lead] = await test.database.sql<{ escalated_at: Date }[]>`
        select escalated_at from public.contact_requests where id = ${leadId}`;
      assert.equal(lead?.escalated_at.toISOString(), "2026-05-04T14:15:00.000Z");
    });

    await t.step("only once, however often the deliverer runs", async () => {
      for (const time of ["2026-05-04T14:16:00Z", "2026-05-04T18:00:00Z", "2026-05-06T14:00:00Z"]) {
        test.setClock(time);
        assert.equal((await test.deliver()).escalated, 0);
      }
      assert.deepEqual(test.escalationsOf(leadId), [1, 1]);
    });
  } finally {
    await test.close();
  }
});

Deno.test("outside business hours the 15 minutes count from the next opening", async () => {
  const test = await setUp();
  try {
    // Friday 22:00: the business opens again on Saturday at 9:00.
    test.setClock("2026-05-09T02:00:00Z");
    const leadId = await test.submit();
    for (const time of ["2026-05-09T02:15:00Z", "2026-05-09T12:00:00Z", "2026-05-09T13:14:00Z"]) {
      test.setClock(time);
      assert.equal((await test.deliver()).escalated, 0, time);
    }
    test.setClock("2026-05-09T13:15:00Z");
    assert.equal((await test.deliver()).escalated, 1);
    assert.deepEqual(test.escalationsOf(leadId), [1, 1]);
  } finally {
    await test.close();
  }
});

Deno.test("a lead marked as called, or spam, is never escalated; a mark cancels an escalation not yet sent", async (t) => {
  const test = await setUp();
  try {
    test.setClock("2026-05-04T14:00:00Z");
    const marked = await test.submit();
    const spam = await test.submit({ website: "https://cheap-seo.example" });
    const tooFast = await test.submit({ elapsedMs: minimumFillMs - 1 });

    await t.step("marked in time, spam: nothing at 15 minutes", async () => {
      test.setClock("2026-05-04T14:10:00Z");
      assert.equal(
        (await markContacted(test.database.db, marked, new Date("2026-05-04T14:10:00Z"))).kind,
        "marked",
      );
      test.setClock("2026-05-04T15:00:00Z");
      assert.equal((await test.deliver()).escalated, 0);
      for (const leadId of [marked, spam, tooFast])
        assert.deepEqual(test.escalationsOf(leadId), [0, 0]);
    });

    await t.step(
      "marked after its escalation was queued: what was not sent is cancelled",
      async () => {
        test.setClock("2026-05-04T16:00:00Z");
        const late = await test.submit();
        const when = new Date("2026-05-04T16:15:00Z");
        assert.equal(
          await queueDueEscalations(
            test.database.db,
            when,
            ownerNotifications(config, "escalation"),
          ),
          1,
        );
        assert.equal((await markContacted(test.database.db, late, when)).kind, "marked");
        const rows = await test.database.sql<{ kind: string; status: string }[]>`
        select kind, status from public.contact_notifications
        where contact_request_id = ${late} and kind like 'escalation-%' order by kind`;
        assert.deepEqual(
          rows.map((row) => ({ ...row })),
          [
            { kind: "escalation-email", status: "cancelled" },
            { kind: "escalation-sms", status: "cancelled" },
          ],
        );
        test.setClock("2026-05-04T16:16:00Z");
        assert.equal((await test.deliver()).delivered, 0);
        assert.deepEqual(test.escalationsOf(late), [0, 0]);
      },
    );
  } finally {
    await test.close();
  }
});

Deno.test("deliverers running at once escalate each lead once", async () => {
  const test = await setUp();
  try {
    test.setClock("2026-05-04T14:00:00Z");
    const leads = await Promise.all(Array.from({ length: 6 }, () => test.submit()));
    test.setClock("2026-05-04T14:30:00Z");
    const reports = await Promise.all([test.deliver(), test.deliver(), test.deliver()]);
    assert.equal(
      reports.reduce((sum, report) => sum + Number(report.escalated), 0),
      leads.length,
    );
    for (const leadId of leads) assert.deepEqual(test.escalationsOf(leadId), [1, 1]);
  } finally {
    await test.close();
  }
});
