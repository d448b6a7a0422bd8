import { strict as assert } from "node:assert";
import {
  contactAnswerErrors,
  contactRequestErrors,
  maxSubmissionBytes,
} from "@bluewater/content/contact";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { browserFormPost, curlFormPost, validFormFields } from "../support/formPosts.ts";
import { readJson, startHandler, testApiKey, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("a plain HTML form post gets the same guarantees as the site's JSON", async (t) => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({ db: database.db, provider });
  const leadsWith = async (message: string) =>
    await database.sql<
      { id: string; name: string; is_spam: boolean; spam_reason: string | null }[]
    >`
      select id::text, name, is_spam, spam_reason from public.contact_requests where message = ${message}`;
  const emailsFor = (leadId: string) =>
    provider.sent.filter((email) => email.message.text.includes(leadId));
  try {
    await t.step(
      "a browser's post is stored once, the owner emailed, and the visitor sent back to the site",
      async () => {
        const fields = validFormFields({ name: "Renée O'Hara & Sons", service: "egress" });
        const response = await handle(browserFormPost(fields));
        assert.equal(response.status, 303);
        assert.equal(response.headers.get("location"), "http://localhost:8080/#request-sent");
        assert.equal(response.headers.get("cache-control"), "no-store");
        await settle();
        const [lead, ...more] = await leadsWith(fields.message ?? "");
        assert.ok(lead);
        assert.equal(more.length, 0);
        assert.equal(lead.name, "Renée O'Hara & Sons");
        assert.equal(emailsFor(lead.id).length, 1);
      },
    );

    await t.step("curl's form post gets the JSON answer, the key in the apikey field", async () => {
      const fields = validFormFields();
      const response = await handle(curlFormPost(fields));
      assert.equal(response.status, 200);
      const { id } = await readJson(response);
      const [lead] = await leadsWith(fields.message ?? "");
      assert.equal(lead?.id, id);
    });

    await t.step("the key may come in the apikey header instead", async () => {
      const { apikey: _, ...fields } = validFormFields();
      const response = await handle(curlFormPost(fields, { headers: { apikey: testApiKey } }));
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("no key, or an unknown one, in field or header answers 401", async () => {
      const { apikey: _, ...keyless } = validFormFields();
      for (const request of [
        curlFormPost(keyless),
        curlFormPost(validFormFields({ apikey: "sb_publishable_someone_else" })),
        curlFormPost(validFormFields(), { headers: { apikey: "sb_publishable_someone_else" } }),
      ]) {
        const response = await handle(request);
        assert.equal(response.status, 401);
        assert.equal((await readJson(response)).error, contactAnswerErrors.apiKey);
      }
    });

    await t.step(
      "fields the schema refuses answer 400 with the same messages as JSON",
      async () => {
        const response = await handle(
          curlFormPost(validFormFields({ phone: "call me", email: "" })),
        );
        assert.equal(response.status, 400);
        assert.deepEqual((await readJson(response)).fields, {
          phone: contactRequestErrors.phoneInvalid,
          email: contactRequestErrors.emailRequired,
        });
      },
    );

    await t.step("a broken encoding answers 400 in words and stores nothing", async () => {
      const before = await database.sql`select count(*)::int as n from public.contact_requests`;
      const valid = new URLSearchParams(validFormFields()).toString();
      for (const rawBody of [
        `${valid}&name=Dana%`,
        `${valid}&name=Dana%zz`,
        `${valid}&name=Dana%FF`,
        `${valid}&name=%ED%A0%80`,
        new Uint8Array([...new TextEncoder().encode(`${valid}&name=`), 0xff, 0xfe]),
      ]) {
        const response = await handle(curlFormPost({}, { rawBody }));
        assert.equal(response.status, 400, String(rawBody));
        assert.equal((await readJson(response)).error, contactAnswerErrors.notForm);
      }
      const after = await database.sql`select count(*)::int as n from public.contact_requests`;
      assert.deepEqual(after, before);
    });

    await t.step("+ and %20 are spaces, and a field sent twice keeps its last value", async () => {
      const fields = validFormFields();
      const rawBody = `${new URLSearchParams({ ...fields, name: "First" })}&name=Dana+Q%20Homeowner`;
      const response = await handle(curlFormPost({}, { rawBody }));
      assert.equal(response.status, 200);
      await response.body?.cancel();
      assert.equal((await leadsWith(fields.message ?? ""))[0]?.name, "Dana Q Homeowner");
    });

    await t.step("a form above 16 KB answers 413, and other encodings 415", async () => {
      const big = await handle(
        curlFormPost(validFormFields({ message: "m".repeat(maxSubmissionBytes) })),
      );
      assert.equal(big.status, 413);
      assert.equal((await readJson(big)).error, contactAnswerErrors.tooLarge(maxSubmissionBytes));
      const multipart = await handle(
        curlFormPost(validFormFields(), {
          headers: { "content-type": "multipart/form-data; boundary=x", apikey: testApiKey },
        }),
      );
      assert.equal(multipart.status, 415);
      assert.equal((await readJson(multipart)).error, contactAnswerErrors.unsupportedType);
    });

    await t.step("a filled honeypot is answered like a person and never emailed", async () => {
      const fields = validFormFields({ website: "https://cheap-seo.example" });
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 303);
      await settle();
      const [lead] = await leadsWith(fields.message ?? "");
      assert.deepEqual(
        { spam: lead?.is_spam, reason: lead?.spam_reason },
        { spam: true, reason: "honeypot" },
      );
      assert.equal(emailsFor(lead?.id ?? "").length, 0);
    });

    await t.step("a form post without a fill time is not taken for a bot", async () => {
      const fields = validFormFields();
      await (await handle(browserFormPost(fields))).body?.cancel();
      assert.equal((await leadsWith(fields.message ?? ""))[0]?.is_spam, false);
    });

    await t.step("a form's empty requestId field is no id at all", async () => {
      const response = await handle(curlFormPost(validFormFields({ requestId: "" })));
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });
  } finally {
    await settle();
    await database.close();
  }
});

Deno.test("form posts count against the same rate limit", async () => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({
    db: database.db,
    config: testConfig({ RATE_LIMIT_MAX: "2" }),
  });
  try {
    const send = (request: Request) =>
      handle(request).then(async (response) => {
        await response.body?.cancel();
        return response;
      });
    const address = "192.0.2.77";
    assert.equal((await send(curlFormPost(validFormFields(), { address }))).status, 200);
    assert.equal((await send(browserFormPost(validFormFields(), { address }))).status, 303);
    const limited = await send(browserFormPost(validFormFields(), { address }));
    assert.equal(limited.status, 429);
    assert.match(limited.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
  } finally {
    await settle();
    await database.close();
  }
});
