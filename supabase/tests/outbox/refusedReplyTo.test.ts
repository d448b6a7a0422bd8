import { strict as assert } from "node:assert";
import { ownerEmail } from "@bluewater/content/owner-email";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  postRequest,
  readJson,
  resendTestConfig,
  resendTestKey,
  startHandler,
  validSubmission,
} from "../support/harness.ts";
import { startResendFake } from "../support/resendFake.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("an address the provider refuses as Reply-To does not cost the owner the lead's email", async () => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  const config = resendTestConfig(resend.baseUrl);
  const { handle, settle } = startHandler({
    db: database.db,
    config,
    provider: createEmailProvider(config.notify),
  });
  try {
    // The form takes it (browsers' own rule for type="email"); a strict validator does not.
    const response = await handle(
      postRequest(validSubmission({ email: "dana..home@example.com" })),
    );
    assert.equal(response.status, 200);
    const { id } = await readJson(response);
    await settle();
    const toOwner = resend.emails.filter(
      (email) => JSON.stringify(email.body.to) === JSON.stringify([config.notify.to]),
    );
    assert.equal(toOwner.length, 1);
    const [sent] = toOwner;
    assert.equal(sent?.body.reply_to, undefined);
    assert.ok(String(sent?.body.text).includes(String(id)));
    assert.ok(String(sent?.body.text).includes(ownerEmail.replyGoesNowhere));
    const [lead] = await database.sql<{ status: string }[]>`
      select status from public.contact_requests where id = ${String(id)}`;
    assert.equal(lead?.status, "notified");
  } finally {
    await settle();
    await resend.close();
    await database.close();
  }
});
