import { strict as assert } from "node:assert";
import { startLoggingHandler, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("the owner's email and text say where the lead came from, a tag as given but harmless", async (t) => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ NOTIFY_SMS_TO: "+15865550100" }),
    start: Date.parse("2026-05-04T14:00:00Z"),
  });
  const messagesOf = (leadId: string) => ({
    email: handler.email.sent.find((sent) => sent.message.text.includes(leadId))?.message,
    text: handler.sms.sent.find((sent) => sent.message.body.includes(leadId))?.message.body,
  });
  try {
    await t.step("a Google ad's click", async () => {
      const id = await handler.submit({ utmSource: "google", utmMedium: "cpc", gclid: true });
      const { email, text } = messagesOf(id);
      assert.match(email?.text ?? "", /\nCame from: Google Ads\n/);
      assert.match(email?.html ?? "", /<th[^>]*>Came from<\/th><td[^>]*>Google Ads<\/td>/);
      assert.match(text ?? "", /\nvia Google Ads\n/);
    });

    await t.step(
      "a direct visit: said in the email, left out of the text to save room",
      async () => {
        const id = await handler.submit({});
        const { email, text } = messagesOf(id);
        assert.match(email?.text ?? "", /\nCame from: Direct\n/);
        assert.doesNotMatch(text ?? "", /\nvia /);
      },
    );

    await t.step(
      "a tag of the visitor's choosing cannot become a link in the email or the text",
      async () => {
        const id = await handler.submit({
          utmSource: "evil.example/contacted/x?t=1",
          utmMedium: "x",
        });
        const { email, text } = messagesOf(id);
        assert.match(email?.text ?? "", /\nCame from: evil\[\.\]example\/contacted\/x\?t=1\n/);
        assert.doesNotMatch(email?.html ?? "", /evil\.example/);
        assert.match(text ?? "", /\nvia evil\[\.\]example\/contacted\/x\?t=1\n/);
        // The real link is still the text's last line.
        assert.match(text ?? "", /\nMark called: http:\/\/[^\n]+$/);
      },
    );
  } finally {
    await handler.settle();
    await database.close();
  }
});
