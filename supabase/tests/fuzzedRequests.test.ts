import { strict as assert } from "node:assert";
import fc from "fast-check";
import { logProvider } from "../functions/send-contact-email/providers/logProvider.ts";
import { checkAnswer, expectedAnswer } from "./support/expectedAnswer.ts";
import { fuzzSettings, watchUnhandledRejections } from "./support/fuzzSettings.ts";
import { startHandler, testConfig } from "./support/harness.ts";
import { hostileRequest, toRequest } from "./support/hostileRequests.ts";
import { LeadLedger } from "./support/leadLedger.ts";
import { startTestDatabase } from "./support/testDatabase.ts";

const everyRule = [200, 204, 400, 401, 403, 404, 405, 413, 415, 429];

Deno.test("whatever a client sends, the function answers within its contract and stores each lead once", async (t) => {
  const settings = fuzzSettings("in-process fuzz", 10_000);
  const database = await startTestDatabase();
  const clock = new Date("2026-05-04T10:00:00Z");
  const provider = logProvider({ print: false });
  const { handle, settle, logged, backgroundErrors } = startHandler({
    db: database.sql,
    config: testConfig({ RATE_LIMIT_MAX: "20" }),
    provider,
    now: () => clock,
  });
  const ledger = new LeadLedger();
  const statuses = new Map<number, number>();
  const rejections = watchUnhandledRejections();
  try {
    await t.step(
      "generated methods, headers and bodies get a 2xx or 4xx JSON answer README's table allows",
      async () => {
        const property = fc.asyncProperty(
          hostileRequest({ inProcess: true }),
          async (generated) => {
            // Copies go at the same moment, like a double-clicked submit.
            const copies = Array.from({ length: generated.copies }, () => toRequest(generated));
            const expectation = expectedAnswer(toRequest(generated), generated.body);
            const responses = await Promise.all(copies.map((request) => handle(request)));
            for (const response of responses) {
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              const leadId = await checkAnswer(toRequest(generated), response, expectation);
              if (leadId && expectation.requestId) ledger.record(expectation.requestId, leadId);
            }
          },
        );
        await fc.assert(property, settings);
        console.log(`answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
      },
    );

    await t.step("the requests reached every rule of the function, acceptance included", () => {
      for (const status of everyRule) assert.ok(statuses.get(status), `no request got ${status}`);
    });

    await t.step(
      "every 200 is one stored lead with the id the visitor got; nothing else is stored",
      async () => {
        await settle();
        const { leads } = await ledger.verify(database.sql);
        assert.ok(leads >= settings.numRuns / 20, `only ${leads} leads stored`);
      },
    );

    await t.step("every lead that is not spam was emailed exactly once", async () => {
      const queued = await database.sql<{ id: string }[]>`
        select n.id::text from public.contact_notifications n`;
      const sent = new Map<string, number>();
      for (const email of provider.sent) {
        sent.set(email.idempotencyKey, (sent.get(email.idempotencyKey) ?? 0) + 1);
      }
      assert.equal(provider.sent.length, queued.length);
      for (const { id } of queued) assert.equal(sent.get(`contact-notification/${id}`), 1, id);
    });

    await t.step("nothing crashed, rejected unhandled or was logged as unexpected", () => {
      assert.deepEqual(rejections.reasons, []);
      assert.deepEqual(backgroundErrors, []);
      assert.deepEqual(logged, []);
    });
  } finally {
    rejections.stop();
    await settle();
    await database.close();
  }
});
