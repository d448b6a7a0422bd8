import { strict as assert } from "node:assert";
import fc from "fast-check";
import { connectDatabase } from "../functions/send-contact-email/database.ts";
import { checkAnswer, expectedAnswer } from "./support/expectedAnswer.ts";
import { fuzzSettings } from "./support/fuzzSettings.ts";
import { testApiKey } from "./support/harness.ts";
import { hostileRequest, toRequest } from "./support/hostileRequests.ts";
import { LeadLedger } from "./support/leadLedger.ts";
import { startTestStack } from "./support/testStack.ts";

Deno.test("over real HTTP through the gateway, generated requests get the same honest answers", async (t) => {
  const settings = fuzzSettings("HTTP fuzz", 1000);
  const stack = await startTestStack({
    PUBLIC_API_KEYS: testApiKey,
    IP_HASH_SECRET: "test-ip-hash-secret",
    // Every request comes from 127.0.0.1 here (the gateway sets X-Forwarded-For).
    RATE_LIMIT_MAX: "100000",
  });
  const sql = connectDatabase(stack.databaseUrl, 2);
  const ledger = new LeadLedger();
  const statuses = new Set<number>();
  try {
    await t.step("no 5xx, and every answer is the JSON README's table allows", async () => {
      const property = fc.asyncProperty(hostileRequest({ inProcess: false }), async (generated) => {
        const send = () => fetch(toRequest(generated, stack.functionsUrl));
        const expectation = expectedAnswer(
          toRequest(generated, stack.functionsUrl),
          generated.body,
        );
        const responses = await Promise.all(Array.from({ length: generated.copies }, send));
        for (const response of responses) {
          statuses.add(response.status);
          const request = toRequest(generated, stack.functionsUrl);
          const leadId = await checkAnswer(request, response, expectation);
          if (leadId && expectation.requestId) ledger.record(expectation.requestId, leadId);
        }
      });
      await fc.assert(property, settings);
      assert.ok(statuses.has(200), "some requests were accepted");
      assert.ok(
        [...statuses].filter((status) => status >= 400).length >= 5,
        `only ${[...statuses]}`,
      );
    });

    await t.step("every 200 is one stored lead with the id the visitor got", async () => {
      const { leads } = await ledger.verify(sql);
      assert.ok(leads > 0);
    });
  } finally {
    await sql.end({ timeout: 5 });
    await stack.close();
  }
});
