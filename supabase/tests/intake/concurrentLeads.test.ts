import { strict as assert } from "node:assert";
import { ownerSms } from "@bluewater/content/owner-sms";
import { connect } from "../../../tools/postgres/src/client.ts";
import {
  acknowledgmentLockSpace,
  mailboxOf,
} from "../../functions/send-contact-email/outbox/acknowledgmentPolicy.ts";
import { textBudgetLockSpace } from "../../functions/send-contact-email/outbox/textBudget.ts";
import {
  postRequest,
  startLoggingHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { untilASessionWaitsOnALock } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const owner = "+15865550100";
const config = testConfig({ NOTIFY_SMS_TO: owner });

Deno.test("two leads for the same owner number are stored at once: neither waits for the other's transaction", async () => {
  const database = await startTestDatabase();
  const test = startLoggingHandler({ db: database.db, config, start: Date.now() });
  // A session that holds the first lead's mailbox: its transaction stops there, midway, open.
  const holder = connect(database.url);
  const session = await holder.reserve();
  const first = { email: "first@example.com", address: "203.0.113.1" };
  try {
    await session`select pg_advisory_lock(${acknowledgmentLockSpace.mailbox}::int, hashtext(${mailboxOf(first.email)}))`;
    const firstAnswer = test.handle(
      postRequest(validSubmission({ email: first.email }), { address: first.address }),
    );
    let firstAnswered = false;
    void firstAnswer.then(() => {
      firstAnswered = true;
    });
    // The first lead's transaction is open and waiting on the mailbox.
    await untilASessionWaitsOnALock(database.sql);

    const second = await test.handle(
      postRequest(validSubmission({ email: "second@example.com" }), { address: "203.0.113.2" }),
    );
    assert.equal(second.status, 200);
    assert.ok(!firstAnswered, "the second lead was stored while the first's transaction was open");
    await test.settle();
    const secondTexts = test.sms.sent.filter((sent) =>
      sent.message.body.startsWith(ownerSms.newLead),
    );
    assert.equal(secondTexts.length, 1, "and its text to the same number goes out");

    await session`select pg_advisory_unlock_all()`;
    const answered = await firstAnswer;
    assert.equal(answered.status, 200);
    await answered.body?.cancel();
    await test.settle();
    const [stored] = await database.sql<{ count: number }[]>`
      select count(*)::int from public.contact_requests`;
    assert.equal(stored?.count, 2);
  } finally {
    session.release();
    await holder.end();
    await test.settle();
    await database.close();
  }
});

Deno.test("leads whose texts wait for the number's budget hold no connection each: one decision waits, the rest of the pool stores leads", async () => {
  const database = await startTestDatabase();
  const test = startLoggingHandler({ db: database.db, config, start: Date.now() });
  // A session that holds the owner number's budget, as a slow sender in another instance would.
  const holder = connect(database.url);
  const session = await holder.reserve();
  const leads = 8;
  try {
    await session`select pg_advisory_lock(${textBudgetLockSpace}::int, hashtext(${owner}))`;
    // More leads than the pool's 5 connections, each with a text to the number held.
    const answers = await Promise.all(
      Array.from({ length: leads }, (_, index) =>
        test.handle(
          postRequest(validSubmission({ email: `lead${index}@example.com` }), {
            address: `203.0.113.${10 + index}`,
          }),
        ),
      ),
    );
    for (const answer of answers) {
      assert.equal(answer.status, 200);
      await answer.body?.cancel();
    }
    const [waiting] = await database.sql<{ count: number }[]>`
      select count(*)::int from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    assert.ok(
      (waiting?.count ?? 0) <= 1,
      `${waiting?.count} of the pool's connections wait on the number's budget`,
    );

    await session`select pg_advisory_unlock_all()`;
    await test.settle();
    await test.deliver();
    const texts = test.sms.sent.filter((sent) => sent.message.body.startsWith(ownerSms.newLead));
    assert.equal(texts.length, leads, "once the budget is free, every lead's text goes out");
  } finally {
    session.release();
    await holder.end();
    await test.settle();
    await database.close();
  }
});
