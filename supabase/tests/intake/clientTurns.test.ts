import { strict as assert } from "node:assert";
import {
  clientKey,
  hashClientAddress,
} from "../../functions/send-contact-email/platform/clientAddress.ts";
import { connectDatabase } from "../../functions/send-contact-email/platform/database.ts";
import { rateLimitLockSpace } from "../../functions/send-contact-email/platform/rateLimit.ts";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("a burst from one address holds one of the pool's connections, so another visitor is answered meanwhile", async (t) => {
  const database = await startTestDatabase();
  // A pool of two: the flooder may hold one, and the other visitor needs the other.
  const db = connectDatabase(database.url, 2);
  const config = testConfig({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" });
  const { handle, settle } = startHandler({
    db,
    config,
    now: () => new Date("2026-05-04T10:00:30Z"),
  });
  const flooder = "203.0.113.66";
  const send = async (address: string) => {
    const response = await handle(postRequest(validSubmission(), { address }));
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      error: (await readJson(response)).error,
    };
  };
  // The test holds the flooder's rate-limit lock, as a slow transaction of its own would: every
  // lead of the flooder waits for it, however the machine runs.
  const flooderKey = await hashClientAddress(clientKey(flooder), config.ipHashSecret);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const lockHeld = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${rateLimitLockSpace}::int, hashtext(${flooderKey}))`;
    locked();
    await released;
  });
  try {
    await lockHeld;
    const flood = Array.from({ length: 25 }, () => send(flooder));
    const settled: number[] = [];
    for (const [index, answer] of flood.entries()) {
      answer.then(() => settled.push(index));
    }

    await t.step("another visitor's lead is stored while the flooder's wait", async () => {
      const neighbour = await send("198.51.100.7");
      assert.equal(neighbour.status, 200, String(neighbour.error));
    });

    await t.step(
      "past 20 in flight (twice the limit, at least 20), the flooder is refused at once",
      async () => {
        // Let the refusals, which need no database, come back.
        await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(settled.length, 5, "the 5 leads past the 20 in flight, and only those");
        for (const index of settled) {
          const answer = await flood[index];
          assert.equal(answer?.status, 429);
          assert.equal(answer?.retryAfter, "600");
          assert.match(String(answer?.error), /Too many requests/);
        }
      },
    );

    await t.step(
      "once the lock is free, the waiting ones get the limit: 5 stored, 15 refused",
      async () => {
        release();
        const statuses = (await Promise.all(flood)).map((answer) => answer.status);
        assert.equal(statuses.filter((status) => status === 200).length, 5);
        assert.equal(statuses.filter((status) => status === 429).length, 20);
      },
    );
  } finally {
    release();
    await holder;
    await settle();
    await db.end();
    await database.close();
  }
});
