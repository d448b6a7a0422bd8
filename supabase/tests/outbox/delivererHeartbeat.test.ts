import { strict as assert } from "node:assert";
import { ownerEmail } from "@bluewater/content/owner-email";
import { functionUrl, startLoggingHandler, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const hour = 60 * minute;
const delivererSecret = "5c2e8a0f4d6b1937e5a2c8f0d4b6e1a3c9f7d5b3a1e8c6f4d2b0a9e7c5f3d1b8";
const deployed = testConfig({
  SB_REGION: "us-east-1",
  NOTIFY_PROVIDER: "resend",
  NOTIFY_SMS_PROVIDER: "twilio",
  IP_HASH_SECRET: "3f9a1c07e5b24d6a8e0f7c19b2d4a6e8c0f1e3d5b7a9c2e4f6081a3c5e7b9d1f",
  CONTACT_LINK_SECRET: "a81d4f6b2c9e0735d1b8f4a6c2e09d7b5f3a1c8e6d4b2a0f9e7c5d3b1a8f6e42",
  DELIVERER_SECRET: delivererSecret,
});

async function setUp(config = deployed) {
  const database = await startTestDatabase();
  const start = Date.parse("2026-05-04T14:00:00Z");
  const handler = startLoggingHandler({ db: database.db, config, start });
  // The project was set up at `start`: the deliverer has had no chance to run yet.
  await database.sql`update public.contact_deliverer_heartbeat set installed_at = ${new Date(start)}`;
  let clock = start;
  return {
    ...handler,
    database,
    /** Moves the clock on by `ms`. */
    wait(ms: number) {
      clock += ms;
      handler.setClock(clock);
    },
    async deliver() {
      const response = await handler.handle(
        new Request(`${functionUrl}/deliver`, {
          method: "POST",
          headers: { "x-deliverer-secret": delivererSecret },
        }),
      );
      assert.equal(response.status, 200);
      await response.body?.cancel();
    },
    /** The warning at the top of this lead's owner email, if it has one. */
    warningOf(leadId: string): string | undefined {
      const email = handler.email.sent.find(
        (sent) => sent.message.text.includes(leadId) && !sent.message.subject.startsWith("Not"),
      );
      assert.ok(email, "the lead's owner email went out");
      const [first = "", , second = ""] = email.message.text.split("\n");
      if (!first.startsWith("Warning:")) return undefined;
      assert.equal(second, ownerEmail.delivererFix, "the fix comes with it");
      assert.ok(email.message.html.includes("This warning comes at most once a day."));
      return first;
    },
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

Deno.test("on a deployed project whose deliverer stopped, the next lead's owner email says so, with the fix, once a day", async (t) => {
  const test = await setUp();
  try {
    await t.step("a fresh project gets 5 minutes before anything is said", async () => {
      test.wait(4 * minute);
      assert.equal(test.warningOf(await test.submit()), undefined);
    });

    await t.step("a deliverer that never ran is named as such", async () => {
      test.wait(2 * minute);
      const leadId = await test.submit();
      assert.equal(test.warningOf(leadId), ownerEmail.delivererStopped(undefined));
      const texts = test.sms.sent.filter((sent) => sent.message.body.includes(leadId));
      assert.ok(
        texts.every((text) => !text.message.body.includes("Warning")),
        "not in texts",
      );
    });

    await t.step("the next leads that day say nothing more", async () => {
      test.wait(3 * hour);
      assert.equal(test.warningOf(await test.submit()), undefined);
    });

    await t.step("a run is recorded; while it keeps running nothing is said", async () => {
      test.wait(21 * hour);
      await test.deliver();
      test.wait(4 * minute);
      assert.equal(test.warningOf(await test.submit()), undefined);
    });

    await t.step("when it stops again, the first lead a day later gives its last run", async () => {
      const lastRun = new Date(Date.parse("2026-05-04T14:00:00Z") + 24 * hour + 6 * minute);
      await test.database.sql`
        update public.contact_deliverer_heartbeat set last_run_at = ${lastRun}`;
      test.wait(2 * hour);
      const leadId = await test.submit();
      assert.equal(test.warningOf(leadId), ownerEmail.delivererStopped(lastRun.toISOString()));
    });
  } finally {
    await test.close();
  }
});

Deno.test("locally, where the stack's own timer delivers, no email warns about the deliverer", async () => {
  const test = await setUp(testConfig());
  try {
    test.wait(48 * hour);
    assert.equal(test.warningOf(await test.submit()), undefined);
  } finally {
    await test.close();
  }
});
