import { strict as assert } from "node:assert";
import fc from "fast-check";
import { keyReusedLogMessage } from "../../functions/send-contact-email/intake/submitRoute.ts";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { type Answered, sendCopies } from "./expectedAnswer.ts";
import { fuzzSettings, watchUnhandledRejections } from "./fuzzSettings.ts";
import { startHandler, testConfig } from "./harness.ts";
import type { GeneratedRequest } from "./hostileRequests.ts";
import { assertEachNotificationSentOnce, LeadLedger } from "./leadLedger.ts";
import { startTestDatabase } from "./testDatabase.ts";

export interface InProcessFuzz {
  name: string;
  /** Runs unless FUZZ_RUNS says otherwise. */
  runs: number;
  requests: fc.Arbitrary<GeneratedRequest>;
  /** What the answers must be, said as the first step's name. */
  contract: string;
  /** Statuses the run must reach, so that no rule goes untried. */
  everyRule: readonly number[];
  /** The fewest leads per run a good generator stores. */
  leadsPerRun: number;
  onAnswered?: (answered: Answered) => void;
}

/**
 * Sends generated requests to the handler on a fresh database and holds the whole run to the
 * function's contract: each answer as expectedAnswer says, every rule reached, one lead per
 * content, each notification sent once, nothing crashed, every 422 logged and nothing else.
 */
export async function fuzzInProcess(t: Deno.TestContext, fuzz: InProcessFuzz): Promise<void> {
  const settings = fuzzSettings(fuzz.name, fuzz.runs);
  const database = await startTestDatabase();
  const clock = new Date("2026-05-04T10:00:00Z");
  const provider = logProvider({ print: false });
  const { handle, settle, logged, backgroundErrors } = startHandler({
    db: database.db,
    config: testConfig({ RATE_LIMIT_MAX: "20" }),
    provider,
    now: () => clock,
  });
  const ledger = new LeadLedger();
  const statuses = new Map<number, number>();
  const rejections = watchUnhandledRejections();
  try {
    await t.step(fuzz.contract, async () => {
      const property = fc.asyncProperty(fuzz.requests, async (generated) => {
        for (const answered of await sendCopies(generated, handle, ledger)) {
          statuses.set(answered.status, (statuses.get(answered.status) ?? 0) + 1);
          fuzz.onAnswered?.(answered);
        }
      });
      await fc.assert(property, settings);
      console.log(`answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    });

    await t.step("the requests reached every rule of the function, acceptance included", () => {
      for (const status of fuzz.everyRule) {
        assert.ok(statuses.get(status), `no request got ${status}`);
      }
    });

    await t.step(
      "every success is one stored lead per content, with the id the client got; nothing else is stored",
      async () => {
        await settle();
        const { leads } = await ledger.verify(database.sql);
        assert.ok(leads >= settings.numRuns * fuzz.leadsPerRun, `only ${leads} leads stored`);
      },
    );

    await t.step("every lead that is not spam was emailed exactly once", async () => {
      await assertEachNotificationSentOnce(database.sql, provider.sent);
    });

    await t.step("nothing crashed or rejected unhandled; each 422 was logged, nothing else", () => {
      assert.deepEqual(rejections.reasons, []);
      assert.deepEqual(backgroundErrors, []);
      assert.deepEqual(
        logged.filter((message) => message !== keyReusedLogMessage),
        [],
      );
      assert.equal(logged.length, statuses.get(422) ?? 0, "every 422 was logged");
    });
  } finally {
    rejections.stop();
    await settle();
    await database.close();
  }
}
