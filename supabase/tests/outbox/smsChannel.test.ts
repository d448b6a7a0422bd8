import { strict as assert } from "node:assert";
import {
  notificationPlanFor,
  storeLead,
} from "../../functions/send-contact-email/intake/leadStore.ts";
import { gsmSegments } from "../../functions/send-contact-email/outbox/messages/smsText.ts";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import { createSmsProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  logProvider,
  logSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import type { FunctionConfig } from "../../functions/send-contact-email/platform/config.ts";
import {
  deliveryContext,
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";
import { startTwilioFake } from "../support/twilioFake.ts";

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "twilio-test-token";
const owners = ["+15865550100", "+15865550101"];
const second = 1000;
const minute = 60 * second;
// 12:00 UTC on a Monday: 8 am in Marine City, as the business opens.
const start = new Date("2026-05-04T12:00:00Z").getTime();

function twilioConfig(baseUrl: string, overrides: Record<string, string> = {}): FunctionConfig {
  return testConfig({
    NOTIFY_SMS_TO: owners.join(", "),
    NOTIFY_SMS_PROVIDER: "twilio",
    NOTIFY_SMS_FROM: "+18105550142",
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_URL: baseUrl,
    NOTIFY_RETRY_BASE_SECONDS: "30",
    ...overrides,
  });
}

/** A handler texting through the Twilio fake, on a clock the test moves. */
async function setUp() {
  const database = await startTestDatabase();
  const twilio = startTwilioFake(accountSid, authToken);
  const config = twilioConfig(twilio.baseUrl);
  let clock = start;
  const email = logProvider({ print: false });
  const sms = createSmsProvider(config.sms, undefined);
  const handler = startHandler({
    db: database.db,
    config,
    provider: email,
    smsProvider: sms,
    now: () => new Date(clock),
  });
  const context = deliveryContext(config, { email, sms });
  return {
    database,
    twilio,
    config,
    email,
    ...handler,
    at: (ms: number) => {
      clock = start + ms;
    },
    /** The scheduled deliverer, at the current clock. */
    deliver: () => deliverPendingNotifications(database.db, new Date(clock), context),
    sms: (leadId: string) =>
      database.sql<
        {
          recipient: string;
          status: string;
          attempts: number;
          last_error: string | null;
          provider_message_id: string | null;
        }[]
      >`
        select recipient, status, attempts, last_error, provider_message_id
        from public.contact_notifications
        where contact_request_id = ${leadId} and kind = 'alert-sms' order by recipient`,
    textsTo: (number: string, leadId: string) =>
      twilio.messages.filter((message) => message.to === number && message.body.includes(leadId)),
    async close() {
      await handler.settle();
      await twilio.close();
      await database.close();
    },
  };
}

Deno.test("the owner's SMS goes to every number through Twilio's Messages API, beside the email", async () => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ name: "Pat Rivers", service: "crawlspace" });
    for (const number of owners) {
      const [text, ...more] = test.textsTo(number, leadId);
      assert.ok(text, `a text to ${number}`);
      assert.equal(more.length, 0);
      assert.equal(text.from, "+18105550142");
      assert.ok(text.numSegments <= 2, `${text.numSegments} segments`);
      assert.match(
        text.body,
        new RegExp(
          `^New lead: Pat Rivers\nCall \\(586\\) 555-0123\nCrawl Space Repair\n"Water comes in along the north wall[^\n]*"\nMark called: http://localhost:8080/contacted/#${leadId}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`,
        ),
      );
    }
    const rows = await test.sms(leadId);
    assert.deepEqual(
      rows.map((row) => [row.recipient, row.status, row.attempts]),
      owners.map((number) => [number, "delivered", 1]),
    );
    for (const row of rows) {
      assert.ok(test.twilio.messages.some((message) => message.sid === row.provider_message_id));
    }
    assert.equal(
      test.email.sent.filter((sent) => sent.message.text.includes(leadId)).length,
      1,
      "and the owner's email",
    );
  } finally {
    await test.close();
  }
});

Deno.test("a crash between the store and the send loses no SMS: the deliverer sends each once", async () => {
  const test = await setUp();
  try {
    // The lead and its notifications committed, then the function died before sending any.
    const stored = await storeLead(
      test.database.db,
      {
        requestId: crypto.randomUUID(),
        fingerprint: "f".repeat(64),
        request: {
          name: "Dana Homeowner",
          phone: "(586) 555-0123",
          email: "dana@example.com",
          service: "",
          message: "Sump pump failed.",
        },
        spam: undefined,
        source: {},
        clientAddressHash: "hash",
        userAgent: "test",
        now: new Date(start),
      },
      test.config.rateLimit,
      notificationPlanFor(test.config),
    );
    assert.equal(stored.kind, "created");
    const leadId = stored.kind === "created" ? stored.id : "";
    assert.equal(test.twilio.messages.length, 0);
    test.at(15 * second);
    assert.deepEqual(await test.deliver(), { delivered: 4, retrying: 0, failed: 0 });
    test.at(10 * minute);
    assert.deepEqual(await test.deliver(), { delivered: 0, retrying: 0, failed: 0 });
    for (const number of owners) assert.equal(test.textsTo(number, leadId).length, 1);
  } finally {
    await test.close();
  }
});

Deno.test("Twilio's 429 and 5xx are retried with backoff and sent once it recovers; a refusal is final", async (t) => {
  const test = await setUp();
  try {
    let limited = "";
    await t.step("a 429 leaves the SMS pending, its error shown, due after 30 s", async () => {
      test.twilio.setMode("rateLimited");
      limited = await test.submit();
      for (const row of await test.sms(limited)) {
        assert.equal(row.status, "pending");
        assert.equal(row.attempts, 0, "Twilio's rate limit spends no attempt");
        assert.equal(row.last_error, "twilio 429 20429: Too Many Requests");
      }
      const [due] = await test.database.sql<{ next_attempt_at: Date }[]>`
        select next_attempt_at from public.contact_notifications
        where contact_request_id = ${limited} and kind = 'alert-sms' limit 1`;
      assert.equal(due?.next_attempt_at.getTime(), start + 30 * second);
    });

    await t.step("a 500 the same; then, recovered, each number gets one text", async () => {
      test.twilio.setMode("down");
      test.at(30 * second);
      assert.equal((await test.deliver()).retrying, 2);
      for (const row of await test.sms(limited)) {
        assert.equal(row.last_error, "twilio 500 20500: An internal server error has occurred");
      }
      test.twilio.setMode("up");
      test.at(59 * second);
      assert.equal((await test.deliver()).delivered, 0, "not before its backoff");
      test.at(60 * second);
      assert.equal((await test.deliver()).delivered, 2);
      for (const number of owners) assert.equal(test.textsTo(number, limited).length, 1);
    });

    await t.step(
      "a number Twilio refuses fails at once and says why; the email still goes",
      async () => {
        test.twilio.setMode("refusing");
        const refused = await test.submit();
        for (const row of await test.sms(refused)) {
          assert.equal(row.status, "failed");
          assert.equal(
            row.last_error,
            "twilio 400 21610: Attempt to send to unsubscribed recipient",
          );
        }
        const [lead] = await test.database.sql<{ status: string }[]>`
        select status from public.contact_requests where id = ${refused}`;
        assert.equal(lead?.status, "notified", "the owner's email reached them");
      },
    );
  } finally {
    await test.close();
  }
});

Deno.test("an SMS Twilio sent but whose answer was lost is not sent again", async (t) => {
  const test = await setUp();
  try {
    await t.step("a lost answer: the retry finds the text among Twilio's messages", async () => {
      test.twilio.setMode("answerLost");
      const leadId = await test.submit();
      for (const row of await test.sms(leadId)) {
        assert.equal(row.status, "pending");
        assert.match(String(row.last_error), /^twilio 502/);
      }
      test.twilio.setMode("up");
      test.at(30 * second);
      assert.equal((await test.deliver()).delivered, 2);
      for (const number of owners) assert.equal(test.textsTo(number, leadId).length, 1);
      const rows = await test.sms(leadId);
      for (const row of rows) {
        assert.equal(row.status, "delivered");
        assert.equal(
          row.provider_message_id,
          test.textsTo(row.recipient, leadId)[0]?.sid,
          "the first send's sid",
        );
      }
    });

    await t.step(
      "a deliverer that died after Twilio took the text: taken over, not sent twice",
      async () => {
        test.at(10 * minute);
        const leadId = await test.submit();
        // It sent, then died before recording: the rows are still claimed, their lease running.
        await test.database.sql`
        update public.contact_notifications
        set status = 'sending', delivered_at = null, provider_message_id = null,
          locked_until = ${new Date(start + 12 * minute)}
        where contact_request_id = ${leadId} and kind = 'alert-sms'`;
        test.at(11 * minute);
        assert.equal((await test.deliver()).delivered, 0, "the lease still holds");
        test.at(12 * minute);
        assert.equal((await test.deliver()).delivered, 2);
        for (const number of owners) assert.equal(test.textsTo(number, leadId).length, 1);
      },
    );

    await t.step("two deliverers at once never text one notification twice", async () => {
      test.twilio.setMode("down");
      test.at(20 * minute);
      const leads = [await test.submit(), await test.submit(), await test.submit()];
      test.twilio.setMode("up");
      test.at(21 * minute);
      const reports = await Promise.all([test.deliver(), test.deliver(), test.deliver()]);
      assert.equal(
        reports.reduce((sum, report) => sum + report.delivered, 0),
        leads.length * owners.length,
        "every text of the three leads once (their emails went out with the answer)",
      );
      for (const leadId of leads) {
        for (const number of owners) assert.equal(test.textsTo(number, leadId).length, 1);
      }
    });

    await t.step("every text Twilio took fits two segments", () => {
      for (const message of test.twilio.messages) {
        assert.ok(gsmSegments(message.body) <= 2 && message.numSegments <= 2, message.body);
      }
    });
  } finally {
    await test.close();
  }
});

Deno.test("no NOTIFY_SMS_TO, no SMS; a number that is not E.164 fails visibly and loses nothing", async (t) => {
  const database = await startTestDatabase();
  try {
    await t.step("without numbers, a lead queues no SMS at all", async () => {
      const smsProvider = logSmsProvider({ print: false });
      const { handle, settle } = startHandler({ db: database.db, smsProvider });
      const { id } = await readJson(await handle(postRequest(validSubmission())));
      await settle();
      const kinds = await database.sql<{ kind: string }[]>`
        select kind from public.contact_notifications where contact_request_id = ${String(id)}
        order by kind`;
      assert.deepEqual(
        kinds.map((row) => row.kind),
        ["acknowledgment", "alert-email"],
      );
      assert.equal(smsProvider.sent.length, 0);
    });

    await t.step(
      "a number typed wrong fails with the setting's name; the others are sent",
      async () => {
        const config = testConfig({ NOTIFY_SMS_TO: "+15865550100, 586-555-0101" });
        const smsProvider = logSmsProvider({ print: false });
        const { handle, settle } = startHandler({ db: database.db, config, smsProvider });
        const { id } = await readJson(await handle(postRequest(validSubmission())));
        await settle();
        const rows = await database.sql<
          { recipient: string; status: string; last_error: string | null }[]
        >`
        select recipient, status, last_error from public.contact_notifications
        where contact_request_id = ${String(id)} and kind = 'alert-sms' order by recipient`;
        assert.deepEqual(
          rows.map((row) => ({ ...row })),
          [
            { recipient: "+15865550100", status: "delivered", last_error: null },
            {
              recipient: "586-555-0101",
              status: "failed",
              last_error:
                'NOTIFY_SMS_TO: "586-555-0101" is not a phone number in E.164 form, like +15865550123',
            },
          ],
        );
        assert.equal(smsProvider.sent.length, 1);
      },
    );

    await t.step(
      "Twilio without its credentials fails every SMS and names what to set",
      async () => {
        const provider = createSmsProvider(
          testConfig({ NOTIFY_SMS_TO: owners[0] ?? "", NOTIFY_SMS_PROVIDER: "twilio" }).sms,
          undefined,
        );
        const result = await provider.send(
          { to: owners[0] ?? "", body: "x" },
          { idempotencyKey: "k", attempt: 1, queuedAt: new Date() },
        );
        assert.deepEqual(result, {
          ok: false,
          retryable: false,
          error: "misconfigured: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must both be set",
        });
      },
    );
  } finally {
    await database.close();
  }
});
