import { strict as assert } from "node:assert";
import { contactLink } from "../../functions/send-contact-email/outbox/contactLink.ts";
import { isGsmText } from "../../functions/send-contact-email/outbox/messages/smsText.ts";
import { createSmsProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { functionUrl, readJson, startHandler, testConfig } from "../support/harness.ts";
import { hostileLeads, type StoredLead, storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";
import { startTwilioFake } from "../support/twilioFake.ts";

type LeadName = keyof typeof hostileLeads;
const leadNames = Object.keys(hostileLeads) as LeadName[];
const accountSid = `AC${"f".repeat(32)}`;
const owner = "+15865550100";

Deno.test("a stored lead's hostile text reaches the owner's SMS and the homeowner's acknowledgment harmless", async (t) => {
  const database = await startTestDatabase();
  const twilio = startTwilioFake(accountSid, "token");
  const config = testConfig({
    NOTIFY_SMS_TO: owner,
    NOTIFY_SMS_PROVIDER: "twilio",
    NOTIFY_SMS_FROM: "+18105550142",
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_API_URL: twilio.baseUrl,
  });
  const email = logProvider({ print: false });
  const { handle, settle } = startHandler({
    db: database.db,
    config,
    provider: email,
    smsProvider: createSmsProvider(config.sms, undefined),
  });
  try {
    const ids = {} as Record<LeadName, string>;
    for (const name of leadNames) {
      const { notification: _, ...lead }: StoredLead = hostileLeads[name];
      ids[name] = await storeLead(database.sql, lead);
      // Stored as the function queues a real lead: a text to the owner, an acknowledgment.
      await database.sql`
        insert into public.contact_notifications (contact_request_id, kind, recipient, created_at, next_attempt_at)
        values (${ids[name]}, 'alert-sms', ${owner}, ${lead.created_at}, ${lead.created_at}),
          (${ids[name]}, 'acknowledgment', '', ${lead.created_at}, ${lead.created_at})`;
    }
    const response = await handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": "test-deliverer-secret" },
      }),
    );
    assert.equal(response.status, 200);
    await readJson(response);
    const link = (name: LeadName) =>
      contactLink(config.siteUrl, config.contactLink, ids[name], hostileLeads[name].created_at);
    const textOf = (name: LeadName) => {
      const text = twilio.messages.find((message) => message.body.includes(ids[name]));
      assert.ok(text, `Twilio got the text of ${name}`);
      return text.body;
    };

    await t.step(
      "every text is GSM, one line per field, and no line of the visitor's is a link",
      () => {
        for (const name of leadNames) {
          const body = textOf(name);
          assert.ok(isGsmText(body), `${name}: ${body}`);
          assert.ok(!/[\p{Cc}\p{Cf}]/u.test(body.replaceAll("\n", "")), `${name}: nothing hidden`);
          const lines = body.split("\n");
          assert.ok(lines.length === 5, `${name}: ${lines.length} lines`);
          for (const line of lines.slice(0, -1)) {
            assert.doesNotMatch(line, /\p{L}\.\p{L}|:\/\//u, `${name}: no link in ${line}`);
          }
        }
      },
    );

    await t.step("exactly these texts", async () => {
      assert.equal(
        textOf("escapes"),
        [
          "New lead: Eve?[2J?",
          "Call (586) 555-0123",
          "Interior Waterproofing",
          '"Wet wall?]0;pwned? second line third?31m red ?evil??end ??"',
          `Mark called: ${await link("escapes")}`,
        ].join("\n"),
      );
      assert.equal(
        textOf("forgedLines"),
        [
          "New lead: Eve Phone: 555-0000 Email: attacker@e...",
          "Call (586) 555-0123",
          "Egress Windows",
          '"Line one Phone: 000 fake <script>alert(1)</script> & "quotes" Received: never indented"',
          `Mark called: ${await link("forgedLines")}`,
        ].join("\n"),
      );
      assert.equal(
        textOf("formulas").split("\n").slice(0, 4).join("\n"),
        [
          'New lead: ?=HYPERLINK("http[:]//evil[.]example"...',
          "Call (586) 555-0123",
          "Service not chosen",
          '"?1+1 second line @ noon"',
        ].join("\n"),
      );
    });

    await t.step(
      "an acknowledgment goes only to one plain address, and greets no odd name",
      async () => {
        const acknowledgments = email.sent.filter((sent) =>
          sent.message.subject.startsWith("We received"),
        );
        assert.deepEqual(
          acknowledgments.map((sent) => sent.message.to),
          ["long@example.com"],
        );
        assert.ok(
          acknowledgments[0]?.message.text.startsWith("Hello,\n"),
          "a 1,000-letter name is not a first name",
        );
        const refused = await database.sql<{ status: string; last_error: string }[]>`
        select status, last_error from public.contact_notifications
        where kind = 'acknowledgment' and status <> 'delivered'`;
        assert.equal(refused.length, 3);
        for (const row of refused) {
          assert.deepEqual(
            { ...row },
            {
              status: "failed",
              last_error:
                "the visitor's address is not one plain address: no acknowledgment is sent",
            },
          );
        }
      },
    );
  } finally {
    await settle();
    await twilio.close();
    await database.close();
  }
});
