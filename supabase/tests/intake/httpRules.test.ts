import { strict as assert } from "node:assert";
import { maxSubmissionBytes } from "@bluewater/content/contact";
import {
  functionUrl,
  postRequest,
  readJson,
  startHandler,
  testApiKey,
  testConfig,
  testOrigin,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("the function speaks HTTP like a careful API", async (t) => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({ db: database.db });
  const count = async () =>
    Number((await database.sql`select count(*)::int as n from public.contact_requests`)[0]?.n);
  try {
    await t.step(
      "a CORS preflight from an allowed origin allows supabase-js's headers and Idempotency-Key",
      async () => {
        const response = await handle(
          new Request(functionUrl, {
            method: "OPTIONS",
            headers: {
              origin: testOrigin,
              "access-control-request-method": "POST",
              "access-control-request-headers":
                "authorization, x-client-info, apikey, content-type, idempotency-key",
            },
          }),
        );
        assert.equal(response.status, 204);
        assert.equal(response.headers.get("access-control-allow-origin"), testOrigin);
        assert.equal(
          response.headers.get("access-control-allow-headers"),
          "authorization, x-client-info, apikey, content-type, idempotency-key",
        );
        assert.match(response.headers.get("access-control-allow-methods") ?? "", /POST/);
        assert.match(response.headers.get("vary") ?? "", /Origin/);
      },
    );

    await t.step("a preflight from another origin is refused without CORS headers", async () => {
      const response = await handle(
        new Request(functionUrl, {
          method: "OPTIONS",
          headers: { origin: "https://evil.example" },
        }),
      );
      assert.equal(response.status, 403);
      assert.equal(response.headers.get("access-control-allow-origin"), null);
    });

    await t.step("allowed origins come from configuration", async () => {
      const custom = startHandler({
        db: database.db,
        config: testConfig({ ALLOWED_ORIGINS: "https://www.bluewater.example" }),
      });
      const allowed = await custom.handle(
        postRequest(validSubmission(), { headers: { origin: "https://www.bluewater.example" } }),
      );
      assert.equal(allowed.status, 200);
      assert.equal(
        allowed.headers.get("access-control-allow-origin"),
        "https://www.bluewater.example",
      );
      const refused = await custom.handle(
        postRequest(validSubmission(), { headers: { origin: testOrigin } }),
      );
      assert.equal(refused.status, 403);
      assert.equal(typeof (await readJson(refused)).error, "string");
      await custom.settle();
    });

    await t.step(
      "a POST from an allowed origin carries the CORS header on success and on error",
      async () => {
        const ok = await handle(postRequest(validSubmission()));
        assert.equal(ok.headers.get("access-control-allow-origin"), testOrigin);
        await ok.body?.cancel();
        const bad = await handle(postRequest(validSubmission({ email: "" })));
        assert.equal(bad.headers.get("access-control-allow-origin"), testOrigin);
        await bad.body?.cancel();
      },
    );

    await t.step("a request without an Origin (curl, a server) is served", async () => {
      const request = postRequest(validSubmission());
      request.headers.delete("origin");
      assert.equal((await handle(request)).status, 200);
    });

    await t.step("a missing or unknown apikey answers 401 and stores nothing", async () => {
      const before = await count();
      const missing = postRequest(validSubmission());
      missing.headers.delete("apikey");
      const noKey = await handle(missing);
      assert.equal(noKey.status, 401);
      assert.equal(typeof (await readJson(noKey)).error, "string");
      const wrong = await handle(
        postRequest(validSubmission(), { headers: { apikey: `${testApiKey}x` } }),
      );
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
      assert.equal(await count(), before);
    });

    await t.step("the platform's publishable and anon keys are accepted too", async () => {
      const hosted = startHandler({
        db: database.db,
        config: testConfig({
          PUBLIC_API_KEYS: "",
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: "sb_publishable_platform" }),
          SUPABASE_ANON_KEY: "legacy.anon.jwt",
        }),
      });
      for (const apikey of ["sb_publishable_platform", "legacy.anon.jwt"]) {
        const response = await hosted.handle(
          postRequest(validSubmission(), { headers: { apikey } }),
        );
        assert.equal(response.status, 200, apikey);
        await response.body?.cancel();
      }
      const old = await hosted.handle(postRequest(validSubmission()));
      assert.equal(old.status, 401);
      await old.body?.cancel();
      await hosted.settle();
    });

    await t.step("methods other than POST answer 405 with Allow", async () => {
      for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
        const response = await handle(
          new Request(functionUrl, { method, headers: { origin: testOrigin } }),
        );
        assert.equal(response.status, 405, method);
        assert.equal(response.headers.get("allow"), "POST, OPTIONS");
        assert.equal(typeof (await readJson(response)).error, "string");
      }
    });

    await t.step("a body neither JSON nor form fields by content type answers 415", async () => {
      for (const contentType of ["text/plain", "multipart/form-data; boundary=x", "text/json"]) {
        const response = await handle(
          postRequest(validSubmission(), { headers: { "content-type": contentType } }),
        );
        assert.equal(response.status, 415, contentType);
        await response.body?.cancel();
      }
      const missing = postRequest(validSubmission());
      missing.headers.delete("content-type");
      const response = await handle(
        new Request(functionUrl, {
          method: "POST",
          headers: missing.headers,
          body: new Blob([JSON.stringify(validSubmission())]),
        }),
      );
      assert.equal(response.status, 415);
      await response.body?.cancel();
    });

    await t.step("application/json with a charset is accepted", async () => {
      const response = await handle(
        postRequest(validSubmission(), {
          headers: { "content-type": "application/json; charset=utf-8" },
        }),
      );
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("a body above 16 KB answers 413, declared or streamed", async () => {
      const big = validSubmission({ message: "x".repeat(maxSubmissionBytes) });
      const declared = await handle(postRequest(big));
      assert.equal(declared.status, 413);
      assert.equal(typeof (await readJson(declared)).error, "string");
      const bytes = new TextEncoder().encode(JSON.stringify(big));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 1024) controller.enqueue(bytes.slice(i, i + 1024));
          controller.close();
        },
      });
      const streamed = await handle(postRequest(undefined, { rawBody: stream }));
      assert.equal(streamed.status, 413);
      await streamed.body?.cancel();
    });

    await t.step("a body just under the limit is read", async () => {
      const submission = validSubmission({ message: "" });
      const padding =
        maxSubmissionBytes -
        new TextEncoder().encode(JSON.stringify({ ...submission, pad: "" })).length;
      const response = await handle(postRequest({ ...submission, pad: "p".repeat(padding) }));
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("an unknown sub-path answers 404", async () => {
      const response = await handle(
        new Request(`${functionUrl}/nope`, { method: "POST", headers: { origin: testOrigin } }),
      );
      assert.equal(response.status, 404);
      await response.body?.cancel();
    });

    await t.step("a success answers 200 with the lead's id only", async () => {
      const response = await handle(postRequest(validSubmission()));
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /application\/json/);
      const body = await readJson(response);
      assert.deepEqual(Object.keys(body), ["id"]);
      assert.match(String(body.id), /^[0-9a-f-]{36}$/);
    });
  } finally {
    await settle();
    await database.close();
  }
});
