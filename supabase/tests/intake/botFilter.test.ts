import { strict as assert } from "node:assert";
import { minimumFillMs } from "@bluewater/content/contact";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  uniqueAddress,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("bots are answered like people, stored as spam and never emailed", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({ db: database.db, provider });
  const stored = async (id: unknown) => {
    const [lead] = await database.sql`
      select r.is_spam, r.status, (select count(*)::int from public.contact_notifications n
        where n.contact_request_id = r.id and n.kind = 'alert-email') as queued
      from public.contact_requests r where r.id = ${String(id)}`;
    return lead;
  };
  try {
    await t.step(
      "a filled honeypot gets 200 and is stored flagged as spam, not queued",
      async () => {
        const response = await handle(
          postRequest(validSubmission({ website: "https://cheap-seo.example" })),
        );
        assert.equal(response.status, 200);
        const { id } = await readJson(response);
        await settle();
        assert.deepEqual({ ...(await stored(id)) }, { is_spam: true, status: "new", queued: 0 });
      },
    );

    await t.step(
      "a form sent faster than a person can fill it gets 200 and is stored as spam",
      async () => {
        const response = await handle(
          postRequest(validSubmission({ elapsedMs: minimumFillMs - 1 })),
        );
        assert.equal(response.status, 200);
        const { id } = await readJson(response);
        await settle();
        assert.equal((await stored(id))?.is_spam, true);
      },
    );

    await t.step("a person who took their time is not spam and is emailed", async () => {
      const response = await handle(postRequest(validSubmission({ elapsedMs: minimumFillMs })));
      const { id } = await readJson(response);
      await settle();
      assert.deepEqual(
        { ...(await stored(id)) },
        { is_spam: false, status: "notified", queued: 1 },
      );
    });

    await t.step("a missing timer is not proof of a bot", async () => {
      const response = await handle(postRequest(validSubmission({ elapsedMs: undefined })));
      const { id } = await readJson(response);
      await settle();
      assert.equal((await stored(id))?.is_spam, false);
    });

    await t.step("only people's requests reached the provider, the owner and the visitor", () => {
      const owner = provider.sent.filter((email) => email.message.to === testConfig().notify.to);
      assert.equal(owner.length, 2);
      assert.ok(provider.sent.every((email) => !email.message.text.includes("cheap-seo")));
    });

    await t.step(
      "a visitor flagged too fast who sends again, taking their time, is emailed once",
      async () => {
        const submission = validSubmission({ elapsedMs: 900 });
        const first = await readJson(await handle(postRequest(submission)));
        await settle();
        assert.deepEqual(
          { ...(await stored(first.id)) },
          { is_spam: true, status: "new", queued: 0 },
        );
        const answers = [];
        for (const elapsedMs of [minimumFillMs + 5000, minimumFillMs + 9000, 300]) {
          answers.push(await readJson(await handle(postRequest({ ...submission, elapsedMs }))));
          await settle();
        }
        assert.deepEqual(
          answers.map((answer) => answer.id),
          [first.id, first.id, first.id],
        );
        assert.deepEqual(
          { ...(await stored(first.id)) },
          { is_spam: false, status: "notified", queued: 1 },
        );
        const emails = provider.sent.filter((email) =>
          email.message.text.includes(String(first.id)),
        );
        assert.equal(emails.length, 1);
      },
    );

    await t.step("a filled honeypot stays flagged however its sender sends it again", async () => {
      const submission = validSubmission({ website: "https://cheap-seo.example", elapsedMs: 500 });
      const address = uniqueAddress();
      const first = await readJson(await handle(postRequest(submission, { address })));
      const again = await readJson(
        await handle(postRequest({ ...submission, website: "", elapsedMs: 60_000 }, { address })),
      );
      await settle();
      assert.equal(again.id, first.id);
      assert.deepEqual(
        { ...(await stored(first.id)) },
        { is_spam: true, status: "new", queued: 0 },
      );
      const [row] = await database.sql`
        select spam_reason from public.contact_requests where id = ${String(first.id)}`;
      assert.equal(row?.spam_reason, "honeypot");
    });

    await t.step(
      "a stranger who posts a homeowner's details first, honeypot filled, silences nothing",
      async () => {
        const homeowner = validSubmission();
        const spam = await readJson(
          await handle(postRequest({ ...homeowner, requestId: crypto.randomUUID(), website: "x" })),
        );
        const own = await readJson(await handle(postRequest(homeowner)));
        await settle();
        assert.notEqual(own.id, spam.id);
        assert.deepEqual(
          { ...(await stored(own.id)) },
          { is_spam: false, status: "notified", queued: 1 },
        );
        const told = provider.sent.filter((email) => email.message.text.includes(String(own.id)));
        assert.equal(told.length, 1);
      },
    );
  } finally {
    await settle();
    await database.close();
  }
});
