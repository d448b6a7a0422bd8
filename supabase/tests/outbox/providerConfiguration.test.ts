import { strict as assert } from "node:assert";
import type { EmailMessage } from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";
import { startResendFake } from "../support/resendFake.ts";

const configWith = (env: Record<string, string>) => readConfig((name) => env[name]).notify;
const anyMessage: EmailMessage = {
  from: "",
  to: "",
  replyTo: undefined,
  subject: "",
  text: "",
  html: "",
};

Deno.test("Resend without the owner's addresses refuses to send rather than mail example.com", async () => {
  const provider = createEmailProvider(
    configWith({ NOTIFY_PROVIDER: "resend", RESEND_API_KEY: "re_key" }),
  );
  const result = await provider.send(anyMessage, "key");
  assert.deepEqual(result, {
    ok: false,
    retryable: false,
    error: "misconfigured: NOTIFY_TO and NOTIFY_FROM must both be set",
  });
});

Deno.test("Resend without an API key refuses to send, and says which setting is missing", async () => {
  const provider = createEmailProvider(
    configWith({ NOTIFY_PROVIDER: "resend", NOTIFY_TO: "a@b.example", NOTIFY_FROM: "c@d.example" }),
  );
  const result = await provider.send(anyMessage, "key");
  assert.equal(result.ok, false);
  assert.match(result.ok ? "" : result.error, /RESEND_API_KEY/);
});

const resendEnv = (baseUrl: string) =>
  configWith({
    NOTIFY_PROVIDER: "resend",
    RESEND_API_KEY: "re_key",
    RESEND_API_URL: baseUrl,
    NOTIFY_TO: "owner@bluewater.example",
    NOTIFY_FROM: "Website <website@bluewater.example>",
  });
const message: EmailMessage = {
  from: "Website <website@bluewater.example>",
  to: "owner@bluewater.example",
  replyTo: "visitor@example.com",
  subject: "New inspection request",
  text: "Hello",
  html: "<p>Hello</p>",
};

Deno.test("Resend with a key and both addresses sends the email, and keeps Resend's id", async () => {
  const resend = startResendFake("re_key");
  try {
    const result = await createEmailProvider(resendEnv(resend.baseUrl)).send(message, "key-1");
    assert.equal(resend.emails.length, 1);
    const [sent] = resend.emails;
    assert.deepEqual(result, { ok: true, messageId: sent?.id });
    assert.equal(sent?.idempotencyKey, "key-1");
    assert.deepEqual(sent?.body, {
      from: message.from,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      reply_to: message.replyTo,
    });
  } finally {
    await resend.close();
  }
});

Deno.test("an email without a Reply-To reaches Resend without reply_to", async () => {
  const resend = startResendFake("re_key");
  try {
    const result = await createEmailProvider(resendEnv(resend.baseUrl)).send(
      { ...message, replyTo: undefined },
      "key-2",
    );
    assert.equal(result.ok, true);
    assert.equal(resend.emails[0]?.body.reply_to, undefined);
    assert.ok(!("reply_to" in (resend.emails[0]?.body ?? {})));
  } finally {
    await resend.close();
  }
});

Deno.test("an unreachable Resend is a failure the queue retries", async () => {
  const resend = startResendFake("re_key");
  await resend.refuseConnections();
  const result = await createEmailProvider(resendEnv(resend.baseUrl)).send(message, "key-3");
  assert.equal(resend.requests, 0);
  assert.equal(result.ok, false);
  assert.equal(result.ok ? undefined : result.retryable, true);
  assert.match(result.ok ? "" : result.error, /^resend unreachable: /);
});
