import { strict as assert } from "node:assert";
import {
  postRequest,
  readJson,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("a flood from one client is limited while another client still gets through", async (t) => {
  const database = await startTestDatabase();
  const clock = new Date("2026-05-04T10:00:30Z");
  // The default limit: 5 submissions per address per 10 minutes.
  const { handle, settle } = startHandler({
    db: database.db,
    config: testConfig({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_SECONDS: "600" }),
    now: () => clock,
  });
  const flooder = "203.0.113.66";
  const neighbour = "198.51.100.7";
  const send = async (address: string) => {
    const body = validSubmission();
    const response = await handle(postRequest(body, { address }));
    return {
      address,
      requestId: String(body.requestId),
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      answer: await readJson(response),
    };
  };
  const storedFrom = async (requestIds: string[]) =>
    Number(
      (
        await database.sql`
          select count(*)::int as n from public.contact_requests where request_id = any(${requestIds}::uuid[])`
      )[0]?.n,
    );
  try {
    // 200 submissions from A at once, with B's five among them.
    const answers = await Promise.all(
      Array.from({ length: 205 }, (_, i) => send(i % 41 === 20 ? neighbour : flooder)),
    );
    const fromA = answers.filter((answer) => answer.address === flooder);
    const fromB = answers.filter((answer) => answer.address === neighbour);
    assert.equal(fromA.length, 200);
    assert.equal(fromB.length, 5);

    await t.step("the flooding client gets exactly its limit accepted, the rest 429", () => {
      const statuses = fromA.map((answer) => answer.status);
      assert.equal(statuses.filter((status) => status === 200).length, 5);
      assert.equal(statuses.filter((status) => status === 429).length, 195);
    });

    await t.step("each 429 says when to come back, in Retry-After and in words", () => {
      for (const answer of fromA.filter((a) => a.status === 429)) {
        assert.equal(answer.retryAfter, "600", "until the first of the five leaves the window");
        assert.match(
          String(answer.answer.error),
          /Too many requests\. Please try again in 10 minutes/,
        );
      }
    });

    await t.step("only the accepted submissions of the flood are stored", async () => {
      assert.equal(await storedFrom(fromA.map((answer) => answer.requestId)), 5);
    });

    await t.step(
      "the other client's submissions, sent in the middle of the flood, get 200 and are stored",
      async () => {
        assert.deepEqual(
          fromB.map((answer) => answer.status),
          [200, 200, 200, 200, 200],
        );
        assert.equal(await storedFrom(fromB.map((answer) => answer.requestId)), 5);
      },
    );
  } finally {
    await settle();
    await database.close();
  }
});
