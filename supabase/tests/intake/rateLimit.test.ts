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
        // The window slides: the oldest of the three leaves it 10 minutes after it came.
        assert.equal(limited.headers.get("retry-after"), "600");
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

    await t.step("ten minutes after the first, the address is admitted again", async () => {
      clock = new Date("2026-05-04T10:10:30Z");
      const response = await send(second, "192.0.2.10");
      assert.equal(response.status, 200);
      await response.body?.cancel();
    });

    await t.step("the store keeps hashes, never addresses", async () => {
      const rows =
        await database.sql`select client_address_hash from public.contact_rate_limit_hits`;
      assert.ok(rows.length >= 2);
      for (const row of rows) assert.match(String(row.client_address_hash), /^[0-9a-f]{64}$/);
    });
  } finally {
    await first.settle();
    await second.settle();
    await database.close();
  }
});

/** Posts one lead from `address` (in the platform's header, plus `headers`), and its status. */
async function statusOf(
  handler: ReturnType<typeof startHandler>,
  address: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await handler.handle(postRequest(validSubmission(), { address, headers }));
  await response.body?.cancel();
  return response.status;
}

/** A handler limiting each client to 3 leads in 10 minutes, at a fixed moment. */
async function threePerWindow() {
  const database = await startTestDatabase();
  const config = testConfig({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_SECONDS: "600" });
  const now = () => new Date("2026-05-04T10:00:00Z");
  return { database, handler: startHandler({ db: database.db, config, now }) };
}

Deno.test("no address gets twice its limit across a window's edge", async () => {
  const database = await startTestDatabase();
  let clock = new Date("2026-05-04T10:09:50Z");
  const config = testConfig({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" });
  const handler = startHandler({ db: database.db, config, now: () => clock });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await statusOf(handler, "192.0.2.20"));
    // Fifteen seconds later, past a fixed window's boundary at 10:10:00.
    clock = new Date("2026-05-04T10:10:05Z");
    for (let i = 0; i < 5; i++) statuses.push(await statusOf(handler, "192.0.2.20"));
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const response = await handler.handle(
      postRequest(validSubmission(), { address: "192.0.2.20" }),
    );
    assert.equal(response.headers.get("retry-after"), "585", "when the first leaves the window");
    await response.body?.cancel();
    clock = new Date("2026-05-04T10:19:50Z");
    assert.equal(await statusOf(handler, "192.0.2.20"), 200);
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("an IPv6 client is keyed on its /64, however the address is written", async (t) => {
  const { database, handler } = await threePerWindow();
  try {
    await t.step("addresses of one /64 share its limit", async () => {
      const sameNetwork = [
        "2001:db8:1:2::1",
        "2001:DB8:1:2:ffff:ffff:ffff:fffe",
        "2001:0db8:0001:0002:0000:0000:0000:0042",
        "[2001:db8:1:2::99]",
      ];
      const statuses = [];
      for (const address of sameNetwork) statuses.push(await statusOf(handler, address));
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });

    await t.step("the next /64 is another client", async () => {
      assert.equal(await statusOf(handler, "2001:db8:1:3::1"), 200);
    });

    await t.step("an IPv4 address written as IPv6 is that IPv4 address", async () => {
      for (let i = 0; i < 3; i++) assert.equal(await statusOf(handler, "198.51.100.40"), 200);
      assert.equal(await statusOf(handler, "::ffff:198.51.100.40"), 429);
      assert.equal(await statusOf(handler, "::ffff:c633:6428"), 429);
    });
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("only the platform's own header names the client: one it forwards from the client changes nothing", async () => {
  const { database, handler } = await threePerWindow();
  try {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      // What reaches the function through Cloudflare when the client sent its own headers: its
      // X-Forwarded-For with the real address appended, and whatever else it made up.
      statuses.push(
        await statusOf(handler, "192.0.2.30", {
          "x-forwarded-for": `203.0.113.${i}, 192.0.2.30`,
          "x-real-ip": `203.0.113.${i}`,
          "true-client-ip": `203.0.113.${i}`,
          forwarded: `for=203.0.113.${i}`,
        }),
      );
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
  } finally {
    await handler.settle();
    await database.close();
  }
});
