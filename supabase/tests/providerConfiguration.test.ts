import { strict as assert } from "node:assert";
import { readConfig } from "../functions/send-contact-email/config.ts";
import type { EmailMessage } from "../functions/send-contact-email/emailMessage.ts";
import { createEmailProvider } from "../functions/send-contact-email/providers/createProvider.ts";

const configWith = (env: Record<string, string>) => readConfig((name) => env[name]).notify;
const anyMessage: EmailMessage = {
  from: "",
  to: "",
  replyTo: "",
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

Deno.test("Resend with a key and both addresses really sends (here: to an address nobody answers)", async () => {
  const provider = createEmailProvider(
    configWith({
      NOTIFY_PROVIDER: "resend",
      RESEND_API_KEY: "re_key",
      RESEND_API_URL: "http://127.0.0.1:9",
      NOTIFY_TO: "owner@bluewater.example",
      NOTIFY_FROM: "Website <website@bluewater.example>",
    }),
  );
  const message: EmailMessage = {
    from: "Website <website@bluewater.example>",
    to: "owner@bluewater.example",
    replyTo: "visitor@example.com",
    subject: "New inspection request",
    text: "Hello",
    html: "<p>Hello</p>",
  };
  const result = await provider.send(message, "key");
  assert.equal(result.ok, false);
  assert.equal(result.ok ? undefined : result.retryable, true, "a network failure is retried");
  assert.match(result.ok ? "" : result.error, /unreachable/);
});
