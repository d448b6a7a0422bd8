import { strict as assert } from "node:assert";
import { contactAnswerErrors } from "@bluewater/content/contact";
import { keyReusedLogMessage } from "../../functions/send-contact-email/intake/submitRoute.ts";
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

Deno.test("a retried submission never makes a second lead", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle, logged } = startHandler({
    db: database.db,
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
    await t.step(
      "the same request id with a different body answers 422 and is logged",
      async () => {
        const submission = validSubmission();
        const first = await readJson(await handle(postRequest(submission)));
        const changed = await handle(postRequest({ ...submission, phone: "(586) 555-0188" }));
        assert.equal(changed.status, 422);
        assert.equal((await readJson(changed)).error, contactAnswerErrors.keyReused);
        assert.ok(logged.includes(keyReusedLogMessage));
        const [row] = await database.sql`
        select id::text, phone from public.contact_requests where request_id = ${String(submission.requestId)}`;
        assert.deepEqual(
          { ...row },
          { id: first.id, phone: "(586) 555-0123" },
          "the first is kept",
        );
      },
    );
  } finally {
    await settle();
    await database.close();
  }
});

/** The request exactly as the spec defines it: five fields, nothing else. */
function specBody(): Record<string, unknown> {
  const { name, email, phone, service, message } = validSubmission();
  return { name, email, phone, service, message };
}

Deno.test("other clients make a retry safe with an Idempotency-Key header", async (t) => {
  const database = await startTestDatabase();
  const { handle, settle, logged } = startHandler({ db: database.db });
  // A partner's server, at one address, as most are.
  const partner = uniqueAddress();
  const send = (body: unknown, key: string, address = partner) =>
    handle(postRequest(body, { address, headers: { "idempotency-key": key } }));
  const count = async () =>
    Number((await database.sql`select count(*)::int as n from public.contact_requests`)[0]?.n);
  try {
    await t.step(
      "a retry with the same key gets the first answer and stores nothing new",
      async () => {
        const body = specBody();
        const key = crypto.randomUUID();
        const first = await send(body, key);
        assert.equal(first.status, 200);
        const before = await count();
        const again = await send(body, key);
        assert.deepEqual(await readJson(again), await readJson(first));
        assert.equal(await count(), before);
      },
    );

    await t.step(
      "the same key with a different body answers 422, logged, nothing stored",
      async () => {
        const key = `order-${crypto.randomUUID()}`;
        const body = specBody();
        await (await send(body, key)).body?.cancel();
        const before = await count();
        const entries = logged.length;
        const changed = await send({ ...body, message: "Something else entirely" }, key);
        assert.equal(changed.status, 422);
        assert.equal((await readJson(changed)).error, contactAnswerErrors.keyReused);
        assert.deepEqual(logged.slice(entries), [keyReusedLogMessage]);
        assert.equal(await count(), before);
      },
    );

    await t.step(
      "two bodies under one key at the same moment: one lead, the other 422",
      async () => {
        const key = crypto.randomUUID();
        const answers = await Promise.all([send(specBody(), key), send(specBody(), key)]);
        assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 422]);
        await Promise.all(answers.map((answer) => answer.body?.cancel()));
        const rows =
          await database.sql`select 1 from public.contact_requests where request_id = ${key}`;
        assert.equal(rows.length, 1);
      },
    );

    await t.step(
      "any visible key works; quoted (the IETF form) or bare is the same key",
      async () => {
        const body = specBody();
        const bare = await send(body, "crm-export/2026-05-04#17");
        assert.equal(bare.status, 200);
        const { id } = await readJson(bare);
        // Two days on, the content alone no longer names the lead: only the key can.
        await database.sql`
          update public.contact_requests set created_at = now() - interval '2 days'
          where id = ${String(id)}`;
        const quoted = await send(body, '"crm-export/2026-05-04#17"');
        assert.deepEqual(await readJson(quoted), { id });
      },
    );

    await t.step("the header and the body's requestId name one request", async () => {
      const submission = validSubmission();
      const viaBody = await readJson(await handle(postRequest(submission)));
      const viaHeader = await readJson(
        await send(submission, String(submission.requestId).toUpperCase()),
      );
      assert.equal(viaHeader.id, viaBody.id);
      const other = await send(validSubmission(), crypto.randomUUID());
      assert.equal(other.status, 400, "two different keys for one request");
      assert.equal((await readJson(other)).error, contactAnswerErrors.twoKeys);
    });

    await t.step(
      "a stranger who claims a partner's next key first leaves the partner's lead untouched",
      async () => {
        const key = `crm-lead-${crypto.randomUUID()}`;
        const stranger = uniqueAddress();
        const claimed = await readJson(
          await send({ ...specBody(), message: "Pay the invoice at once" }, key, stranger),
        );
        const body = specBody();
        const partners = await send(body, key);
        assert.equal(partners.status, 200);
        const { id } = await readJson(partners);
        assert.notEqual(id, claimed.id);
        const [lead] = await database.sql`
          select message from public.contact_requests where id = ${String(id)}`;
        assert.equal(lead?.message, body.message);
        // The stranger's key is theirs: their retry is their lead, and the partner's is the partner's.
        assert.deepEqual(await readJson(await send(body, key)), { id });
        assert.equal((await send(body, key, stranger)).status, 422);
      },
    );

    await t.step(
      "the partner's retry from another of its addresses, same key and content, is the same lead",
      async () => {
        const key = `crm-lead-${crypto.randomUUID()}`;
        const body = specBody();
        const { id } = await readJson(await send(body, key));
        assert.deepEqual(await readJson(await send(body, key, uniqueAddress())), { id });
      },
    );

    await t.step("a malformed key answers 400 and stores nothing", async () => {
      const before = await count();
      for (const key of ["", "  ", "x".repeat(256), "caf\u00e9", '"unterminated', "two words"]) {
        const response = await send(specBody(), key);
        assert.equal(response.status, 400, JSON.stringify(key));
        assert.equal((await readJson(response)).error, contactAnswerErrors.idempotencyKey);
      }
      assert.equal(await count(), before);
    });
  } finally {
    await settle();
    await database.close();
  }
});
