import { strict as assert } from "node:assert";
import { logProvider } from "../functions/send-contact-email/providers/logProvider.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "./support/harness.ts";
import { startTestDatabase } from "./support/testDatabase.ts";

Deno.test("a retried submission never makes a second lead", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({
    db: database.sql,
    provider,
    config: testConfig({ RATE_LIMIT_MAX: "2" }),
  });
  const leadsFor = async (requestId: unknown) =>
    (
      await database.sql`select id from public.contact_requests where request_id = ${String(requestId)}`
    ).length;
  try {
    await t.step("the same request id twice gives one lead and the same answer", async () => {
      const submission = validSubmission();
      const first = await handle(postRequest(submission, { address: "192.0.2.50" }));
      const again = await handle(postRequest(submission, { address: "192.0.2.50" }));
      assert.equal(first.status, 200);
      assert.equal(again.status, 200);
      assert.deepEqual(await readJson(again), await readJson(first));
      assert.equal(await leadsFor(submission.requestId), 1);
    });

    await t.step("a retry does not count against the rate limit", async () => {
      const submission = validSubmission();
      for (let i = 0; i < 4; i++) {
        const response = await handle(postRequest(submission, { address: "192.0.2.51" }));
        assert.equal(response.status, 200);
        await response.body?.cancel();
      }
    });

    await t.step("copies sent at the same moment still make one lead and one email", async () => {
      const submission = validSubmission();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => handle(postRequest(submission)).then(readJson)),
      );
      assert.equal(new Set(answers.map((answer) => answer.id)).size, 1);
      assert.equal(await leadsFor(submission.requestId), 1);
      await settle();
      const emailsForLead = provider.sent.filter((email) =>
        email.message.text.includes(String(answers[0]?.id)),
      );
      assert.equal(emailsForLead.length, 1);
    });
  } finally {
    await settle();
    await database.close();
  }
});
