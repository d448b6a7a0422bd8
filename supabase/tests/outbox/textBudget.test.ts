import { strict as assert } from "node:assert";
import { ownerEmail } from "@bluewater/content/owner-email";
import { ownerSms } from "@bluewater/content/owner-sms";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";
import {
  functionUrl,
  postRequest,
  startLoggingHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const owner = "+15865550100";
const minute = 60_000;
// Monday 2:14 PM in Marine City (EDT): inside business hours, so escalations come 15 minutes on.
const start = new Date("2026-05-04T18:14:00Z").getTime();

/** The default budget (10 texts an hour per number) and the default rate limit (5 per 10 min). */
const config = testConfig({
  NOTIFY_SMS_TO: owner,
  NOTIFY_SMS_MAX_PER_HOUR: String(readConfig(() => undefined).sms.maxPerHour),
  RATE_LIMIT_MAX: "5",
  RATE_LIMIT_WINDOW_SECONDS: "600",
});
const budget = config.sms.maxPerHour;

Deno.test("NOTIFY_SMS_MAX_PER_HOUR sets the owner's budget of texts", () => {
  assert.equal(
    readConfig((name) => (name === "NOTIFY_SMS_MAX_PER_HOUR" ? "4" : undefined)).sms.maxPerHour,
    4,
  );
});

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({ db: database.db, config, start });
  const texts = () => handler.sms.sent.map((sent) => sent.message.body);
  const summaryShape = new RegExp(
    `^${ownerSms.summary(1234, "TIME").replace("1234", "(\\d+)").replace("TIME", "(\\d{1,2}:\\d{2} [AP]M)").replace("lead ", "leads? ")}$`,
  );
  return {
    database,
    ...handler,
    at: (ms: number) => handler.setClock(start + ms),
    leadTexts: () => texts().filter((body) => body.startsWith(ownerSms.newLead)),
    escalationTexts: () => texts().filter((body) => body.startsWith(ownerSms.escalation)),
    /** Each summary text, as [how many leads it stands for, since when]. */
    summaries: () =>
      texts().flatMap((body) => {
        const match = summaryShape.exec(body);
        return match ? [[Number(match[1]), match[2]] as const] : [];
      }),
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

/** `perAddress` posts from each address, all at once, while the scheduled deliverer runs too. */
async function burst(
  test: Awaited<ReturnType<typeof setUp>>,
  addresses: readonly string[],
  perAddress: number,
): Promise<number[]> {
  const posts = addresses.flatMap((address, a) =>
    Array.from({ length: perAddress }, (_, i) =>
      test
        .handle(
          postRequest(validSubmission({ email: `visitor-${a}-${i}@example.com` }), { address }),
        )
        .then(async (response) => {
          await response.body?.cancel();
          return response.status;
        }),
    ),
  );
  const deliverers = Array.from({ length: 3 }, () =>
    test.handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": "test-deliverer-secret" },
      }),
    ),
  );
  const [statuses] = await Promise.all([Promise.all(posts), Promise.all(deliverers)]);
  await test.settle();
  return statuses;
}

const twentyAddresses = Array.from({ length: 20 }, (_, i) => `203.0.113.${i + 1}`);

Deno.test("a burst from 20 addresses costs the owner the hourly budget of texts plus summaries, and every lead is still stored and emailed", async (t) => {
  const test = await setUp();
  try {
    const statuses = await burst(test, twentyAddresses, 6);

    await t.step("each address gets its limit, and every lead it sent is stored", async () => {
      assert.equal(statuses.filter((status) => status === 200).length, 100);
      assert.equal(statuses.filter((status) => status === 429).length, 20);
      const [stored] = await test.database.sql<{ count: number }[]>`
        select count(*)::int from public.contact_requests`;
      assert.equal(stored?.count, 100);
    });

    await t.step("every lead is emailed to the owner, each once", () => {
      const leadEmails = test.email.sent.filter((sent) => sent.message.to === config.notify.to);
      assert.equal(leadEmails.length, 100);
    });

    await t.step("the owner's phone gets the budget's texts and one summary at once", () => {
      assert.equal(test.leadTexts().length, budget);
      assert.equal(test.summaries().length, 1);
      assert.equal(test.summaries()[0]?.[1], "2:14 PM", "the time in the business's time zone");
    });

    await t.step("each lead's own text or a summary counts it: none is lost, none twice", () => {
      const [[counted = 0] = []] = test.summaries();
      // Leads folded after the summary was claimed wait for the next one: none here is later.
      assert.ok(counted >= 1 && counted <= 100 - budget, `${counted}`);
    });

    await t.step(
      "leads past the budget later wait for the next summary, 15 minutes on",
      async () => {
        test.at(5 * minute);
        for (const address of ["192.0.2.101", "192.0.2.102", "192.0.2.103"]) {
          await test.handle(postRequest(validSubmission(), { address }));
        }
        await test.settle();
        test.at(14 * minute);
        await test.deliver();
        assert.equal(test.summaries().length, 1, "not before 15 minutes after the first");
        test.at(15 * minute);
        await test.deliver();
        const [first = [0, ""], second = [0, ""], ...more] = test.summaries();
        assert.equal(more.length, 0);
        assert.equal(first[0] + second[0], 103 - budget, "every lead without a text of its own");
        // The second counts the three, and any of the burst folded after the first was sent.
        assert.ok(second[0] >= 3);
        assert.equal(second[1], first[0] === 100 - budget ? "2:19 PM" : "2:14 PM");
      },
    );

    await t.step("escalation texts wait for the budget; the escalation emails all go", async () => {
      test.at(16 * minute);
      // A run escalates and sends at most 50: enough runs for all of them.
      for (let run = 0; run < 6; run++) await test.deliver();
      const [escalated] = await test.database.sql<{ count: number }[]>`
        select count(*)::int from public.contact_requests where escalated_at is not null`;
      assert.equal(escalated?.count, 100, "every unmarked lead of the burst is escalated");
      assert.equal(test.escalationTexts().length, 0);
      const escalationEmails = test.email.sent.filter((sent) =>
        sent.message.subject.startsWith("Not called yet:"),
      );
      assert.equal(escalationEmails.length, 100);
    });

    await t.step("a lead's email says when its text was folded into a summary", () => {
      const folded = test.email.sent.filter(
        (sent) =>
          sent.message.to === config.notify.to &&
          sent.message.text.includes(ownerEmail.textFolded(budget)),
      );
      assert.equal(folded.length, 103 - budget);
    });

    await t.step(
      "nothing more reaches the phone in the hour, however often the deliverer runs",
      async () => {
        for (let minutes = 17; minutes < 60; minutes += 3) {
          test.at(minutes * minute);
          await test.deliver();
        }
        assert.equal(test.leadTexts().length, budget);
        assert.equal(test.summaries().length, 2);
        assert.equal(test.escalationTexts().length, 0);
      },
    );

    await t.step("an hour on, a new lead is texted on its own again", async () => {
      test.at(61 * minute);
      const leadId = await test.submit({ name: "Later Visitor", email: "later@example.com" });
      const texts = test.leadTexts().filter((body) => body.includes(leadId));
      assert.equal(texts.length, 1);
    });
  } finally {
    await test.close();
  }
});

Deno.test("a burst from one IPv6 /64 is one client: it costs the owner five texts", async () => {
  const test = await setUp();
  try {
    const sameNetwork = Array.from(
      { length: 20 },
      (_, i) => `2001:db8:4a:7c::${(i + 1).toString(16)}`,
    );
    const statuses = await burst(test, sameNetwork, 6);
    assert.equal(statuses.filter((status) => status === 200).length, 5);
    assert.equal(test.leadTexts().length, 5);
    assert.equal(test.summaries().length, 0);
  } finally {
    await test.close();
  }
});

Deno.test("two function instances and their deliverers share one budget", async () => {
  const database = await startTestDatabase();
  const first = startLoggingHandler({ db: database.db, config, start });
  const second = startLoggingHandler({ db: database.db, config, start });
  try {
    const posts = twentyAddresses.map((address, i) =>
      (i % 2 === 0 ? first : second).handle(
        postRequest(validSubmission({ email: `pair-${i}@example.com` }), { address }),
      ),
    );
    for (const response of await Promise.all(posts)) {
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    await Promise.all([first.settle(), second.settle(), first.deliver(), second.deliver()]);
    const leadTexts = [...first.sms.sent, ...second.sms.sent].filter((sent) =>
      sent.message.body.startsWith(ownerSms.newLead),
    );
    assert.equal(leadTexts.length, budget);
  } finally {
    await first.settle();
    await second.settle();
    await database.close();
  }
});
