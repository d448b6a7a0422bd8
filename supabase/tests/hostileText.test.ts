import { strict as assert } from "node:assert";
import { isControlCharacter } from "../functions/send-contact-email/emailMessage.ts";
import { logProvider } from "../functions/send-contact-email/providers/logProvider.ts";
import { postRequest, readJson, startHandler, validSubmission } from "./support/harness.ts";
import { startTestDatabase } from "./support/testDatabase.ts";

const hostile = {
  name: "Eve\r\nBcc: victim@example.com <script>alert(1)</script>",
  message:
    'Line one\r\nLine two\n<img src=x onerror="alert(1)"> & \u0007bell \u001b[31mred \u200b zero-width 🏠💧 "quotes" \'single\'',
  phone: "+1 (586) 555-0123 ext. 42",
  email: "o'brien+leads@example.com",
};

Deno.test("hostile text is stored verbatim and escaped in the email", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({ db: database.sql, provider });
  try {
    const response = await handle(postRequest(validSubmission(hostile)));
    assert.equal(response.status, 200);
    const { id } = await readJson(response);
    await settle();

    await t.step("the stored lead keeps every character the visitor sent", async () => {
      const [row] =
        await database.sql`select name, message, phone, email from public.contact_requests where id = ${String(id)}`;
      assert.deepEqual({ ...row }, hostile);
    });

    const [email] = provider.sent;
    assert.ok(email);
    const { message } = email;

    await t.step("the subject has no line breaks or control characters", () => {
      assert.ok(!/[\r\n]/.test(message.subject));
      assert.ok(!Array.from(message.subject).some(isControlCharacter));
      assert.ok(message.subject.startsWith("New inspection request: Eve Bcc: victim@example.com"));
    });

    await t.step("Reply-To is the visitor's address", () => {
      assert.equal(message.replyTo, hostile.email);
    });

    await t.step("the HTML part escapes markup and keeps emoji", () => {
      assert.ok(!message.html.includes("<script>"));
      assert.ok(!message.html.includes("<img"));
      assert.ok(message.html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
      assert.ok(message.html.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp;"));
      assert.ok(message.html.includes("o&#39;brien+leads@example.com"));
      assert.ok(message.html.includes("🏠💧"));
    });

    await t.step("control characters are replaced in the email, never passed through", () => {
      for (const part of [message.text, message.html]) {
        assert.ok(!Array.from(part).some(isControlCharacter));
        assert.ok(part.includes("\uFFFDbell"));
      }
    });

    await t.step("the plain text keeps the visitor's words and line breaks", () => {
      assert.ok(message.text.includes("Line one\nLine two\n<img src=x"));
      assert.ok(message.text.includes("🏠💧 \"quotes\" 'single'"));
    });
  } finally {
    await settle();
    await database.close();
  }
});
