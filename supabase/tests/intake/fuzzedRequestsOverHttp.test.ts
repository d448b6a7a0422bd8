import { strict as assert } from "node:assert";
import fc from "fast-check";
import { connect } from "../../../tools/postgres/src/client.ts";
import { sendCopies } from "../support/expectedAnswer.ts";
import { fuzzSettings } from "../support/fuzzSettings.ts";
import { testApiKey } from "../support/harness.ts";
import { hostileFormPost } from "../support/hostileForms.ts";
import { type GeneratedRequest, hostileRequest } from "../support/hostileRequests.ts";
import { LeadLedger } from "../support/leadLedger.ts";
import { startTestStack } from "../support/testStack.ts";

Deno.test("over real HTTP through the gateway, generated requests get the same honest answers", async (t) => {
  const stack = await startTestStack({
    PUBLIC_API_KEYS: testApiKey,
    IP_HASH_SECRET: "test-ip-hash-secret",
    // Every request comes from 127.0.0.1 here (the gateway sets CF-Connecting-IP).
    RATE_LIMIT_MAX: "100000",
  });
  const sql = connect(stack.databaseUrl, { max: 2 });
  const ledger = new LeadLedger();
  try {
    // A browser would follow a 303 to the site; the test reads the 303 itself.
    const send = (request: Request) => fetch(request, { redirect: "manual" });
    const fuzz = async (
      requests: fc.Arbitrary<GeneratedRequest>,
      settings: { seed: number; numRuns: number },
    ): Promise<Set<number>> => {
      const statuses = new Set<number>();
      const property = fc.asyncProperty(requests, async (generated) => {
        const answered = await sendCopies(generated, send, ledger, stack.functionsUrl);
        for (const { status } of answered) statuses.add(status);
      });
      await fc.assert(property, settings);
      return statuses;
    };

    await t.step("no 5xx, and every answer is the JSON docs/function.md allows", async () => {
      const statuses = await fuzz(
        hostileRequest({ inProcess: false }),
        fuzzSettings("HTTP fuzz", 1000),
      );
      assert.ok(statuses.has(200), "some requests were accepted");
      assert.ok(
        [...statuses].filter((status) => status >= 400).length >= 5,
        `only ${[...statuses]}`,
      );
    });

    await t.step("plain form posts, from browsers and scripts, get the same answers", async () => {
      const statuses = await fuzz(hostileFormPost(), fuzzSettings("HTTP form fuzz", 1000));
      assert.ok(statuses.has(303) && statuses.has(200), `only ${[...statuses]}`);
    });

    await t.step(
      "every success is one stored lead per content with the id the visitor got",
      async () => {
        const { leads } = await ledger.verify(sql);
        assert.ok(leads > 0);
      },
    );
  } finally {
    await sql.end();
    await stack.close();
  }
});
