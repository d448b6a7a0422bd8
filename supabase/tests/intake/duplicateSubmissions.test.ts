import { strict as assert } from "node:assert";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { browserFormPost, curlFormPost, validFormFields } from "../support/formPosts.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testApiKey,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("a double-click or a resubmitted post without a key makes one lead", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({
    db: database.db,
    provider,
    config: testConfig({ RATE_LIMIT_MAX: "2" }),
  });
  const leadsWith = async (message: unknown) =>
    (
      await database.sql<{ id: string }[]>`
        select id::text from public.contact_requests where message = ${String(message)}`
    ).map((row) => row.id);
  const emailsFor = (leadId: string) =>
    provider.sent.filter((email) => email.message.text.includes(leadId)).length;
  try {
    await t.step("five identical plain form posts at once: one lead, one email", async () => {
      const fields = validFormFields();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => handle(browserFormPost(fields, { address: "192.0.2.30" }))),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 303);
        assert.equal(answer.headers.get("location"), "http://localhost:8080/#request-sent");
      }
      await settle();
      const leads = await leadsWith(fields.message);
      assert.equal(leads.length, 1);
      assert.equal(emailsFor(leads[0] ?? ""), 1);
    });

    await t.step("the copies did not use up the address's rate limit", async () => {
      const response = await handle(browserFormPost(validFormFields(), { address: "192.0.2.30" }));
      assert.equal(response.status, 303, "the second lead from that address within a limit of 2");
      const third = await handle(browserFormPost(validFormFields(), { address: "192.0.2.30" }));
      assert.equal(third.status, 429);
      await third.body?.cancel();
    });

    await t.step("the same post again a minute later answers as the first did", async () => {
      const fields = validFormFields({ email: "Dana@Example.com", name: "  Dana Homeowner " });
      const first = await handle(curlFormPost(fields));
      const again = await handle(
        curlFormPost({ ...fields, email: "dana@example.com", name: "Dana Homeowner" }),
      );
      assert.deepEqual(await readJson(again), await readJson(first));
      assert.equal((await leadsWith(fields.message)).length, 1, "trimmed, email in any case");
    });

    await t.step("the spec's body without any key, sent twice at once: one lead", async () => {
      const { requestId: _, website: __, elapsedMs: ___, ...body } = validSubmission();
      const answers = await Promise.all([handle(postRequest(body)), handle(postRequest(body))]);
      const ids = await Promise.all(answers.map(readJson));
      assert.equal(ids[0]?.id, ids[1]?.id);
      assert.equal((await leadsWith(body.message)).length, 1);
    });

    await t.step(
      "a plain post racing the site's own keyed post stores one lead, and the key knows it",
      async () => {
        const submission = validSubmission();
        const { requestId, website: _, elapsedMs: __, ...request } = submission;
        const [native, app] = await Promise.all([
          handle(browserFormPost({ ...(request as Record<string, string>), apikey: testApiKey })),
          handle(postRequest(submission)),
        ]);
        assert.equal(native.status, 303);
        const { id } = await readJson(app);
        await settle();
        assert.deepEqual(await leadsWith(request.message), [id]);
        assert.equal(emailsFor(String(id)), 1);
        const retry = await handle(postRequest(submission));
        assert.deepEqual(await readJson(retry), { id }, "a retry under the site's key");
        const changed = await handle(postRequest({ ...submission, message: "Other words" }));
        assert.equal(changed.status, 422, "the key is held to the content it came with");
        await changed.body?.cancel();
        // Whichever came first, the site's key names the lead: its own, or one more key of it.
        const keyed = await database.sql`
          select id::text as lead from public.contact_requests where request_id = ${String(requestId)}
          union all
          select contact_request_id::text from public.contact_request_keys
          where request_id = ${String(requestId)}`;
        assert.deepEqual(
          keyed.map((row) => row.lead),
          [id],
        );
      },
    );

    await t.step("the same content a day later is a new lead", async () => {
      const fields = validFormFields();
      const first = await readJson(await handle(curlFormPost(fields)));
      await database.sql`
        update public.contact_requests set created_at = now() - interval '24 hours 1 minute'
        where id = ${String(first.id)}`;
      const later = await readJson(await handle(curlFormPost(fields)));
      assert.notEqual(later.id, first.id);
      assert.equal((await leadsWith(fields.message)).length, 2);
    });

    await t.step("different content from the same person is a different lead", async () => {
      const fields = validFormFields();
      const first = await readJson(await handle(curlFormPost(fields)));
      const other = await readJson(
        await handle(curlFormPost({ ...fields, service: "foundation" })),
      );
      assert.notEqual(other.id, first.id);
    });
  } finally {
    await settle();
    await database.close();
  }
});
