import { strict as assert } from "node:assert";
import type { Sql } from "../../../tools/postgres/src/client.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const day = 24 * 60 * 60 * 1000;
/** What idempotency needs (docs/contact-api.md): a copy's key is recognised for a week. */
const keyDays = 7;

async function rowCounts(sql: Sql) {
  const [row] = await sql`
    select (select count(*)::int from public.contact_requests) as leads,
      (select count(*)::int from public.contact_request_keys) as keys,
      (select count(*)::int from public.contact_rate_limit_hits) as hits,
      (select count(*)::int from public.contact_notifications) as notifications`;
  return row;
}

Deno.test("copies past the rate limit, each with a fresh request id, are refused and store nothing", async (t) => {
  const database = await startTestDatabase();
  let now = Date.parse("2026-11-30T15:00:00Z");
  try {
    const { handle, deliver, settle } = startHandler({
      db: database.db,
      config: testConfig({ RATE_LIMIT_MAX: "2" }),
      now: () => new Date(now),
    });
    const address = "192.0.2.77";
    const lead = validSubmission();
    const copy = () =>
      handle(postRequest({ ...lead, requestId: crypto.randomUUID() }, { address }));

    await t.step("the lead, and one copy within the limit", async () => {
      const first = await handle(postRequest(lead, { address }));
      assert.equal(first.status, 200);
      const { id } = await readJson(first);
      const second = await copy();
      assert.equal(second.status, 200);
      assert.equal((await readJson(second)).id, id, "a copy answers with the lead");
      await settle();
    });

    await t.step("past the limit, 200 more copies get 429 and write no row", async () => {
      const before = await rowCounts(database.sql);
      for (let i = 0; i < 200; i++) {
        const answer = await copy();
        assert.equal(answer.status, 429);
        assert.ok(answer.headers.get("retry-after"));
        await answer.body?.cancel();
      }
      assert.deepEqual(await rowCounts(database.sql), before);
    });

    await t.step("a retry under a known key still answers the lead", async () => {
      const again = await handle(postRequest(lead, { address }));
      assert.equal(again.status, 200);
      await again.body?.cancel();
    });

    await t.step(`the deliverer forgets copies' keys after ${keyDays} days`, async () => {
      assert.equal((await rowCounts(database.sql))?.keys, 1);
      now += (keyDays - 1) * day;
      assert.equal((await deliver()).prunedRequestKeys, 0);
      now += 2 * day;
      assert.equal((await deliver()).prunedRequestKeys, 1);
      assert.equal((await rowCounts(database.sql))?.keys, 0);
    });
  } finally {
    await database.close();
  }
});
