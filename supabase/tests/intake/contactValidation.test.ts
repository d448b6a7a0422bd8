import { strict as assert } from "node:assert";
import { contactRequestErrors, contactRequestLimits } from "@bluewater/content/contact";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const invalid: Array<[string, Record<string, unknown>, string, string]> = [
  ["a missing name", { name: undefined }, "name", contactRequestErrors.nameRequired],
  ["a blank name", { name: "   " }, "name", contactRequestErrors.nameRequired],
  [
    "a name that is too long",
    { name: "x".repeat(contactRequestLimits.name + 1) },
    "name",
    contactRequestErrors.nameTooLong,
  ],
  ["a missing phone", { phone: "" }, "phone", contactRequestErrors.phoneRequired],
  ["a phone with letters", { phone: "call me maybe" }, "phone", contactRequestErrors.phoneInvalid],
  ["a phone with too few digits", { phone: "555-01" }, "phone", contactRequestErrors.phoneInvalid],
  [
    "a phone that is too long",
    { phone: `+1 ${"5".repeat(30)}` },
    "phone",
    contactRequestErrors.phoneInvalid,
  ],
  ["a missing email", { email: "" }, "email", contactRequestErrors.emailRequired],
  ["an email without a domain", { email: "dana@" }, "email", contactRequestErrors.emailInvalid],
  [
    "an email without a dot in the domain",
    { email: "dana@localhost" },
    "email",
    contactRequestErrors.emailInvalid,
  ],
  [
    "an email that is too long",
    { email: `${"d".repeat(250)}@example.com` },
    "email",
    contactRequestErrors.emailInvalid,
  ],
  [
    "a service outside the list",
    { service: "roofing" },
    "service",
    contactRequestErrors.serviceInvalid,
  ],
  [
    "a message that is too long",
    { message: "m".repeat(contactRequestLimits.message + 1) },
    "message",
    contactRequestErrors.messageTooLong,
  ],
  ["a name that is not text", { name: 42 }, "name", contactRequestErrors.notText],
  [
    "a message with a NUL character",
    { message: "before\u0000after" },
    "message",
    contactRequestErrors.unsupportedCharacter,
  ],
];

Deno.test("a contact request is checked with the form's schema", async (t) => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({ db: database.db });
  try {
    for (const [what, change, field, message] of invalid) {
      await t.step(`${what} answers 400 naming the field to fix`, async () => {
        const response = await handle(postRequest(validSubmission(change)));
        assert.equal(response.status, 400);
        const body = await readJson(response);
        assert.equal((body.fields as Record<string, string>)[field], message);
        assert.ok(String(body.error).includes(message), `error names the fix: ${body.error}`);
      });
    }

    await t.step("every field in error is named at once, in the form's order", async () => {
      const response = await handle(
        postRequest(validSubmission({ name: "", phone: "x", email: "y" })),
      );
      const body = await readJson(response);
      assert.deepEqual(Object.keys(body.fields as object), ["name", "phone", "email"]);
    });

    await t.step(
      "a malformed request id answers 400 (a missing one is made by the server)",
      async () => {
        for (const requestId of ["not-a-uuid", 7, "5f0c6a1e-0000-4000-8000-00000000000g"]) {
          const response = await handle(postRequest(validSubmission({ requestId })));
          assert.equal(response.status, 400);
          assert.ok("requestId" in ((await readJson(response)).fields as object));
        }
      },
    );

    await t.step("a body that is not JSON, or not an object, answers 400", async () => {
      for (const rawBody of ["{not json", "[1,2]", "null", '"text"']) {
        const response = await handle(postRequest(undefined, { rawBody }));
        assert.equal(response.status, 400);
        assert.equal(typeof (await readJson(response)).error, "string");
      }
    });

    await t.step("every service of the list, or none, is accepted", async () => {
      for (const service of [
        "",
        "interior",
        "exterior",
        "foundation",
        "crawlspace",
        "drainage",
        "egress",
        "basement-finishing",
        "other",
      ]) {
        const response = await handle(postRequest(validSubmission({ service })));
        assert.equal(response.status, 200, `service "${service}"`);
        await response.body?.cancel();
      }
    });

    await t.step("optional fields may be left out and surrounding spaces are trimmed", async () => {
      const submission = validSubmission({
        service: undefined,
        message: undefined,
        name: "  Dana  ",
      });
      const response = await handle(postRequest(submission));
      assert.equal(response.status, 200);
      const { id } = await readJson(response);
      const [row] =
        await database.sql`select name, service, message from public.contact_requests where id = ${String(id)}`;
      assert.deepEqual({ ...row }, { name: "Dana", service: "", message: "" });
    });

    await t.step("nothing is stored for a rejected request", async () => {
      const requestId = crypto.randomUUID();
      await (
        await handle(postRequest(validSubmission({ requestId, email: "nope" })))
      ).body?.cancel();
      const rows =
        await database.sql`select 1 from public.contact_requests where request_id = ${requestId}`;
      assert.equal(rows.length, 0);
    });
  } finally {
    await settle();
    await database.close();
  }
});
