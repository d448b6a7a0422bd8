import { strict as assert } from "node:assert";
import { connectDatabase } from "../../functions/send-contact-email/platform/database.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testOrigin,
  validSubmission,
} from "../support/harness.ts";
import { startRestartableDatabase, startTestDatabase } from "../support/testDatabase.ts";

/** A port nothing listens on: bound, then released. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

Deno.test("failures answer with a status that means something and reveal no internals", async (t) => {
  await t.step("the database unreachable answers 503 with Retry-After", async () => {
    const db = connectDatabase(`postgres://postgres@127.0.0.1:${closedPort()}/postgres`, 1);
    const { handle, logged } = startHandler({ db });
    try {
      const response = await handle(postRequest(validSubmission()));
      assert.equal(response.status, 503);
      assert.equal(response.headers.get("retry-after"), "30");
      assert.equal(response.headers.get("access-control-allow-origin"), testOrigin);
      const body = await readJson(response);
      assert.deepEqual(Object.keys(body), ["error"]);
      assert.doesNotMatch(String(body.error), /ECONNREFUSED|127\.0\.0\.1|postgres/i);
      assert.deepEqual(logged, ["database unavailable"]);
    } finally {
      await db.end();
    }
  });

  await t.step("no database configured answers 503 too", async () => {
    const { handle } = startHandler({ db: undefined });
    const response = await handle(postRequest(validSubmission()));
    assert.equal(response.status, 503);
    await response.body?.cancel();
  });

  await t.step("the database going away while the function runs answers 503, not 500", async () => {
    const database = await startRestartableDatabase();
    const db = connectDatabase(database.url, 2);
    const { handle, settle } = startHandler({ db });
    try {
      const before = await handle(postRequest(validSubmission()));
      assert.equal(before.status, 200);
      await before.body?.cancel();
      await settle();
      await database.stop();
      const after = await handle(postRequest(validSubmission()));
      assert.equal(after.status, 503);
      await after.body?.cancel();
    } finally {
      await db.end();
      await database.close();
    }
  });

  await t.step("anything unexpected answers 500 with a plain error and no details", async () => {
    const database = await startTestDatabase();
    try {
      await database.sql`alter table public.contact_requests rename column phone to telephone`;
      const { handle, logged } = startHandler({ db: database.db });
      const response = await handle(postRequest(validSubmission()));
      assert.equal(response.status, 500);
      const body = await readJson(response);
      assert.deepEqual(Object.keys(body), ["error"]);
      assert.doesNotMatch(String(body.error), /column|telephone|phone"|sql/i);
      assert.deepEqual(logged, ["unexpected error"]);
    } finally {
      await database.close();
    }
  });
});
