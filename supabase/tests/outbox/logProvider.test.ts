import { strict as assert } from "node:assert";
import type { EmailMessage } from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import {
  logProvider,
  logSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";

const email: EmailMessage = {
  from: "Website <website@bluewater.example>",
  to: "owner@bluewater.example",
  replyTo: undefined,
  subject: "New inspection request",
  text: "A lead.",
  html: "<p>A lead.</p>",
};

Deno.test("with an outbox file, the log providers write each message there and keep none in memory", async () => {
  const file = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const emails = logProvider({ file, print: false });
    const texts = logSmsProvider({ file, print: false });
    for (let index = 0; index < 3; index++) {
      assert.equal((await emails.send(email, `email/${index}`)).ok, true);
      assert.equal(
        (
          await texts.send(
            { to: "+15865550100", body: "A lead." },
            {
              idempotencyKey: `sms/${index}`,
              attempt: 1,
              queuedAt: new Date(),
            },
          )
        ).ok,
        true,
      );
    }
    const lines = (await Deno.readTextFile(file)).trim().split("\n");
    assert.deepEqual(
      lines.map((line) => JSON.parse(line).idempotencyKey),
      ["email/0", "sms/0", "email/1", "sms/1", "email/2", "sms/2"],
    );
    assert.equal(emails.sent.length + texts.sent.length, 0, "nothing kept in memory");
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("without a file, the log providers keep each message for the tests that read them", async () => {
  const emails = logProvider({ print: false });
  await emails.send(email, "email/0");
  assert.deepEqual(
    emails.sent.map((sent) => sent.idempotencyKey),
    ["email/0"],
  );
});
