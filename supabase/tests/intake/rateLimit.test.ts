import { strict as assert } from "node:assert";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("submissions are limited per client address, in Postgres", async (t) => {
  const database = await startTestDatabase();
  let clock = new Date("2026-05-04T10:00:30Z");
  const config = testConfig({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" });
  // Two instances share nothing but the database, like two function isolates.
  const first = startHandler({ db: database.db, config, now: () => clock });
  const second = startHandler({ db: database.db, config, now: () => clock });
  const send = (handler: typeof first, address: string) =>
    handler.handle(postRequest(validSubmission(), { address }));
  try {
    await t.step(
      "the limit holds across instances and the next request gets 429 with Retry-After",
      async () => {
        for (const handler of [first, second, first]) {
          const response = await send(handler, "192.0.2.10");
          assert.equal(response.status, 200);
          await response.body?.cancel();
        }
        const limited = await send(second, "192.0.2.10");
        assert.equal(limited.status, 429);
        assert.equal(limited.headers.get("retry-after"), "570");
        assert.match(String((await readJson(limited)).error), /try again in 10 minutes/);
      },
    );

    await t.step("a limited request stores nothing", async () => {
      const [row] = await database.sql`select count(*)::int as n from public.contact_requests`;
      assert.equal(row?.n, 3);
    });

    await t.step("another address is not limited", async () => {
      const response = await send(first, "192.0.2.11");
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step(
      "the address is the first X-Forwarded-For entry, whatever proxies follow",
      async () => {
        const response = await send(first, "192.0.2.10, 10.1.2.3");
        assert.equal(response.status, 429);
        await response.body?.cancel();
      },
    );

    await t.step("the next window admits the address again", async () => {
      clock = new Date("2026-05-04T10:10:00Z");
      const response = await send(second, "192.0.2.10");
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("the store keeps hashes, never addresses", async () => {
      const rows = await database.sql`select client_address_hash from public.contact_rate_limits`;
      assert.ok(rows.length >= 2);
      for (const row of rows) assert.match(String(row.client_address_hash), /^[0-9a-f]{64}$/);
    });
  } finally {
    await first.settle();
    await second.settle();
    await database.close();
  }
});
