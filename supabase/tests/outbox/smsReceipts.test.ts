import { strict as assert } from "node:assert";
import { ownerEmail } from "@bluewater/content/owner-email";
import { createSmsProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { isTwilioSignature } from "../../functions/send-contact-email/outbox/providers/twilioSignature.ts";
import {
  functionUrl,
  readJson,
  startHandler,
  startLoggingHandler,
  testConfig,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";
import { startTwilioFake, twilioReceipt, twilioSignature } from "../support/twilioFake.ts";

const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
const authToken = "twilio-receipt-token";
const owner = "+15865550100";
const minute = 60_000;
// Monday 8 am in Marine City.
const start = new Date("2026-05-04T12:00:00Z").getTime();

interface ReceiptRow {
  status: string;
  provider_message_id: string | null;
  receipt_status: string | null;
  receipt_error_code: string | null;
  resent_at: Date | null;
}

async function setUp() {
  const database = await startTestDatabase();
  const twilio = startTwilioFake(accountSid, authToken);
  const config = testConfig({
    NOTIFY_SMS_TO: owner,
    NOTIFY_SMS_PROVIDER: "twilio",
    NOTIFY_SMS_FROM: "+18105550142",
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_URL: twilio.baseUrl,
  });
  let clock = start;
  const email = logProvider({ print: false });
  const handler = startHandler({
    db: database.db,
    config,
    provider: email,
    smsProvider: createSmsProvider(config.sms, undefined),
    now: () => new Date(clock),
  });
  return {
    database,
    twilio,
    email,
    ...handler,
    at: (ms: number) => {
      clock = start + ms;
    },
    /** The lead's alert text as its row holds it. */
    async text(leadId: string): Promise<ReceiptRow> {
      const [row] = await database.sql<ReceiptRow[]>`
        select status, provider_message_id, receipt_status, receipt_error_code, resent_at
        from public.contact_notifications where contact_request_id = ${leadId} and kind = 'alert-sms'`;
      assert.ok(row, "the lead has an alert text");
      return row;
    },
    textsAbout: (leadId: string) =>
      twilio.messages.filter((message) => message.body.includes(leadId)),
    /** Twilio's receipt posted to the function; its status. */
    async report(request: Request): Promise<number> {
      const response = await handler.handle(request);
      await response.body?.cancel();
      return response.status;
    },
    async close() {
      await handler.settle();
      await twilio.close();
      await database.close();
    },
  };
}

Deno.test("Twilio's receipt records whether the owner's text arrived", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ name: "Pat Rivers" });
    const [sent] = test.textsAbout(leadId);
    assert.ok(sent);

    await t.step("the text asks Twilio for receipts at the function's own address", () => {
      assert.match(String(sent.statusCallback), new RegExp(`^${functionUrl}/sms-status\\?`));
    });

    await t.step("a signed 'delivered' is recorded on the notification", async () => {
      assert.equal(await test.report(test.twilio.receipt(sent.sid, "delivered")), 200);
      const row = await test.text(leadId);
      assert.equal(row.receipt_status, "delivered");
      assert.equal(row.receipt_error_code, null);
    });

    await t.step("the same receipt again changes nothing", async () => {
      assert.equal(await test.report(test.twilio.receipt(sent.sid, "delivered")), 200);
      assert.equal((await test.text(leadId)).receipt_status, "delivered");
    });
  } finally {
    await test.close();
  }
});

Deno.test("a forged or unsigned receipt changes nothing", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ name: "Forgery Target" });
    const [sent] = test.textsAbout(leadId);
    assert.ok(sent?.statusCallback);
    const genuine = test.twilio.receipt(sent.sid, "failed", "30008");
    const body = await genuine.clone().text();
    const signature = genuine.headers.get("x-twilio-signature") ?? "";
    const forge = (init: { url?: string; headers?: Record<string, string>; body?: string }) =>
      new Request(init.url ?? genuine.url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(init.headers ?? { "x-twilio-signature": signature }),
        },
        body: init.body ?? body,
      });
    const params = new URLSearchParams(body);
    const otherUrl = `${functionUrl}/sms-status?n=${crypto.randomUUID()}`;
    const forgeries: Record<string, Request> = {
      "no signature": forge({ headers: {} }),
      "an empty signature": forge({ headers: { "x-twilio-signature": "" } }),
      "signed with another token": forge({
        headers: { "x-twilio-signature": twilioSignature("not-the-token", genuine.url, params) },
      }),
      "a status changed after signing": forge({
        body: body.replace("MessageStatus=failed", "MessageStatus=delivered"),
      }),
      "a parameter added after signing": forge({ body: `${body}&ErrorCode=30003` }),
      "the signature moved to another notification": forge({ url: otherUrl }),
      "signed without the query": forge({
        headers: {
          "x-twilio-signature": twilioSignature(authToken, genuine.url.split("?")[0] ?? "", params),
        },
      }),
      "a JSON body": new Request(genuine.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-twilio-signature": signature },
        body: JSON.stringify(Object.fromEntries(params)),
      }),
    };
    for (const [name, request] of Object.entries(forgeries)) {
      await t.step(`${name}: refused`, async () => {
        const response = await test.handle(request);
        assert.ok([400, 403, 415].includes(response.status), `${name}: ${response.status}`);
        assert.equal(typeof (await readJson(response)).error, "string");
        const row = await test.text(leadId);
        assert.equal(row.receipt_status, null);
        assert.equal(row.status, "delivered");
        assert.equal(row.resent_at, null);
      });
    }

    await t.step("no API key is asked of Twilio, and no browser may read the answer", async () => {
      const request = test.twilio.receipt(sent.sid, "delivered");
      request.headers.set("origin", "http://localhost:8080");
      const response = await test.handle(request);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("access-control-allow-origin"), null);
      await response.body?.cancel();
      const preflight = await test.handle(
        new Request(genuine.url, {
          method: "OPTIONS",
          headers: {
            origin: "http://localhost:8080",
            "access-control-request-method": "POST",
          },
        }),
      );
      assert.equal(preflight.status, 405);
      assert.equal(preflight.headers.get("access-control-allow-origin"), null);
      await preflight.body?.cancel();
    });
  } finally {
    await test.close();
  }
});

Deno.test("an undelivered alert text is sent once more; still undelivered, the next email names the lead", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ name: "Undelivered Lead" });
    const [first] = test.textsAbout(leadId);
    assert.ok(first);

    await t.step("'undelivered' is recorded, and the deliverer sends the text again", async () => {
      assert.equal(await test.report(test.twilio.receipt(first.sid, "undelivered", "30003")), 200);
      const row = await test.text(leadId);
      assert.equal(row.receipt_status, "undelivered");
      assert.equal(row.receipt_error_code, "30003");
      test.at(minute);
      await test.deliver();
      const texts = test.textsAbout(leadId);
      assert.equal(texts.length, 2, "a second text");
      assert.equal(texts[1]?.body, first.body);
      assert.notEqual(texts[1]?.sid, first.sid);
      const resent = await test.text(leadId);
      assert.equal(resent.provider_message_id, texts[1]?.sid);
      assert.equal(resent.receipt_status, null, "waiting for the second text's receipt");
    });

    await t.step("a late receipt for the first text changes nothing", async () => {
      assert.equal(await test.report(test.twilio.receipt(first.sid, "delivered")), 200);
      assert.equal((await test.text(leadId)).receipt_status, null);
    });

    await t.step("undelivered again: no third text", async () => {
      const second = test.textsAbout(leadId)[1];
      assert.ok(second);
      assert.equal(await test.report(test.twilio.receipt(second.sid, "failed", "30008")), 200);
      // Within the 15 minutes after which an unmarked lead is escalated (a text of its own).
      for (const at of [2, 5, 10]) {
        test.at(at * minute);
        await test.deliver();
      }
      assert.equal(test.textsAbout(leadId).length, 2);
    });

    await t.step(
      "the owner's next email names the lead whose text did not arrive, once",
      async () => {
        test.at(11 * minute);
        const nextLead = await test.submit({ name: "Next Visitor", email: "next@example.com" });
        const mail = (id: string) =>
          test.email.sent.find(
            (sent) =>
              sent.message.text.includes(id) && sent.message.to === "owner@bluewater.example",
          )?.message;
        const next = mail(nextLead);
        assert.ok(next);
        assert.ok(next.text.includes(ownerEmail.undeliveredTexts), next.text);
        assert.ok(next.text.includes("Undelivered Lead"));
        assert.ok(next.html.includes("Undelivered Lead"));
        const later = await test.submit({ name: "Later Visitor", email: "later@example.com" });
        assert.ok(!mail(later)?.text.includes("Undelivered Lead"), "told once");
      },
    );
  } finally {
    await test.close();
  }
});

Deno.test("receipts of the log provider's texts are read the same way", async () => {
  const database = await startTestDatabase();
  const config = testConfig({ NOTIFY_SMS_TO: owner, TWILIO_AUTH_TOKEN: authToken });
  const handler = startLoggingHandler({ db: database.db, config, start });
  try {
    const leadId = await handler.submit({ name: "Logged Text" });
    const [logged] = handler.sms.sent.filter((sent) => sent.message.body.includes(leadId));
    assert.ok(
      logged?.message.statusCallback,
      "the log provider keeps the callback it would ask for",
    );
    const response = await handler.handle(
      twilioReceipt({
        url: logged.message.statusCallback,
        accountSid,
        authToken,
        sid: logged.messageId,
        from: "+18105550142",
        to: owner,
        status: "undelivered",
        errorCode: "30006",
      }),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
    const [row] = await database.sql<{ receipt_status: string; receipt_error_code: string }[]>`
      select receipt_status, receipt_error_code from public.contact_notifications
      where contact_request_id = ${leadId} and kind = 'alert-sms'`;
    assert.deepEqual({ ...row }, { receipt_status: "undelivered", receipt_error_code: "30006" });
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("X-Twilio-Signature is computed as Twilio's documentation shows", async () => {
  // The example of Twilio's "Webhooks security" page.
  const params = new URLSearchParams({
    CallSid: "CA1234567890ABCDE",
    Caller: "+12349013030",
    Digits: "1234",
    From: "+12349013030",
    To: "+18005551212",
  });
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  assert.equal(twilioSignature("12345", url, params), "0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  // The function's own check (WebCrypto) agrees, and refuses the same signature elsewhere.
  const fields = Object.fromEntries(params);
  assert.equal(await isTwilioSignature("12345", url, fields, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="), true);
  assert.equal(
    await isTwilioSignature("12345", `${url}&baz=3`, fields, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="),
    false,
  );
  assert.equal(await isTwilioSignature("12345", url, fields, null), false);
});
