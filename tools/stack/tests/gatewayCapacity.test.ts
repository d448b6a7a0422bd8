import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { defaultGatewayLimits } from "../src/gateway.ts";
import { benchClientAddress, postLeadFrom } from "../testing/postLead.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";

/**
 * Past what the gateway serves and queues, a lead is told 503 with Retry-After at once, and
 * nothing it accepted is lost. The limits are made small so that 40 leads are past them; the wait
 * a queued connection may have (`maxWaitMs`) is made long, so any 503 is the queue's bound.
 */
const limits = { ...defaultGatewayLimits, maxActive: 2, maxWaiting: 2, maxWaitMs: 60_000 };

let stack: ThrowawayStack;

before(async () => {
  stack = await startThrowawayStack({ gatewayLimits: limits });
});

after(async () => {
  await stack?.dispose();
});

test("past capacity the gateway answers 503 with Retry-After at once, and every lead it took is stored", async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, async (_, client) => {
      const requestId = randomUUID();
      const started = performance.now();
      const answer = await postLeadFrom(
        stack.functionsUrl,
        {
          name: "Capacity Tester",
          phone: "(586) 555-0100",
          email: `capacity${client}@example.com`,
          service: "interior",
          message: `Sent past the gateway's capacity (${requestId}).`,
          requestId,
          website: "",
          elapsedMs: 8000,
        },
        benchClientAddress(client),
      );
      return { requestId, answer, ms: performance.now() - started };
    }),
  );
  const refused = answers.filter(({ answer }) => answer.status === 503);
  const taken = answers.filter(({ answer }) => answer.status === 200);
  assert.equal(refused.length + taken.length, answers.length, "every answer is 200 or 503");
  assert.ok(refused.length > 0, "40 leads at once are past 2 served and 2 waiting");
  assert.ok(taken.length >= limits.maxActive, `${taken.length} taken`);
  for (const { answer, ms } of refused) {
    assert.match(String(answer.headers["retry-after"]), /^[1-9]\d*$/);
    assert.ok(ms < limits.maxWaitMs / 2, `answered after ${Math.round(ms)} ms, not at once`);
  }
  const sql = connect(stack.databaseUrl);
  try {
    const rows = await sql<{ id: string; request_id: string }[]>`
      select id, request_id from public.contact_requests`;
    const stored = new Map(rows.map((row) => [row.request_id, row.id]));
    // Every 200 is its lead, stored once; a 503 stored nothing, so its retry is not a copy.
    assert.equal(rows.length, taken.length);
    for (const { requestId, answer } of taken) {
      assert.equal(stored.get(requestId), (JSON.parse(answer.body) as { id: string }).id);
    }
  } finally {
    await sql.end();
  }
});
