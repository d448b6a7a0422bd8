import { strict as assert } from "node:assert";
import { leadTokenHeader } from "@bluewater/content/contact";
import { ownerReportFigures } from "../../functions/_shared/ownerReport.ts";
import { functionUrl, startLoggingHandler, testConfig, testOrigin } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const reviewUrl = "https://g.page/r/bluewater-test/review";
// A Tuesday noon in Michigan: no weekly report is due, whatever the test's clock does.
const tuesday = Date.parse("2026-11-17T17:00:00Z");

async function setUp(overrides: Record<string, string> = { GOOGLE_REVIEW_URL: reviewUrl }) {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig(overrides),
    start: tuesday,
  });
  const outcome = (leadId: string, body: unknown) =>
    handler.handle(
      new Request(`${functionUrl}/outcome/${leadId}`, {
        method: "POST",
        headers: {
          origin: testOrigin,
          [leadTokenHeader]: new URL(handler.ownerLinkOf(leadId)).hash.slice(1 + 36 + 1),
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      }),
    );
  /** The review emails sent to the homeowner so far: their subjects, oldest first. */
  const reviewEmails = () =>
    handler.email.sent
      .filter(
        (entry) =>
          entry.message.subject.includes("review") ||
          entry.message.subject.startsWith("How did we do"),
      )
      .map((entry) => entry.message);
  const notifications = async (leadId: string) =>
    (
      await database.sql`
        select kind, status from public.contact_notifications
        where contact_request_id = ${leadId} and kind like 'review-%' order by created_at, kind`
    ).map((row) => ({ ...row }));
  return {
    database,
    ...handler,
    outcome,
    reviewEmails,
    notifications,
    async jobDone(leadId: string, at: number) {
      handler.setClock(at);
      assert.equal((await outcome(leadId, { step: "job-done" })).status, 200);
    },
    /** The report's review counts from the test's start to `until`. */
    async reviewCounts(until: number) {
      const figures = await ownerReportFigures(
        async (text, params) => (await database.db.query(text, [...params])).rows,
        { from: new Date(tuesday), to: new Date(until) },
        "America/Detroit",
      );
      return figures.current.reviews;
    },
    async deliverAt(at: number) {
      handler.setClock(at);
      return await handler.deliver();
    },
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

const optOutLinkOf = (text: string) => /(\S+\/review-opt-out\/\S+)/.exec(text)?.[1];

Deno.test("a finished job gets one review request 2 hours after its mark, and one reminder 5 days after it arrived", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ email: "dana@example.com", name: "Dana Homeowner" });
    const done = tuesday + day;
    await test.jobDone(leadId, done);

    await t.step("nothing before 2 hours", async () => {
      assert.equal((await test.deliverAt(done + 2 * hour - minute)).reviews, 0);
      assert.deepEqual(test.reviewEmails(), []);
    });

    let optOut: string | undefined;
    await t.step(
      "at 2 hours: one email to the homeowner with the review link and an opt-out link",
      async () => {
        const report = await test.deliverAt(done + 2 * hour);
        assert.equal(report.reviews, 1);
        const [email, ...others] = test.reviewEmails();
        assert.deepEqual(others, []);
        assert.equal(email?.to, "dana@example.com");
        assert.equal(email?.replyTo, "owner@bluewater.example");
        assert.match(email?.subject ?? "", /^How did we do\?/);
        assert.match(email?.text ?? "", /^Hi Dana,/);
        assert.ok(email?.text.includes(reviewUrl));
        assert.ok(email?.html.includes(`href="${reviewUrl}"`));
        optOut = optOutLinkOf(email?.text ?? "");
        assert.ok(optOut?.startsWith(`${functionUrl}/review-opt-out/${leadId}?token=`));
      },
    );

    await t.step("run after run, and by a second deliverer, it is not queued again", async () => {
      await test.deliverAt(done + 3 * hour);
      await Promise.all([test.deliver(), test.deliver()]);
      assert.equal(test.reviewEmails().length, 1);
      assert.deepEqual(await test.notifications(leadId), [
        { kind: "review-request", status: "delivered" },
      ]);
    });

    await t.step("the reminder: none before 5 days, one at 5 days, nothing after", async () => {
      const sent = done + 2 * hour;
      assert.equal((await test.deliverAt(sent + 5 * day - minute)).reviews, 0);
      assert.equal((await test.deliverAt(sent + 5 * day)).reviews, 1);
      await test.deliverAt(sent + 30 * day);
      const emails = test.reviewEmails();
      assert.equal(emails.length, 2);
      assert.match(emails[1]?.subject ?? "", /^A minute for a review\?/);
      assert.ok(emails[1]?.text.includes(reviewUrl));
      assert.equal(
        optOutLinkOf(emails[1]?.text ?? ""),
        undefined,
        "nothing follows it to opt out of",
      );
      assert.deepEqual(await test.notifications(leadId), [
        { kind: "review-request", status: "delivered" },
        { kind: "review-reminder", status: "delivered" },
      ]);
    });

    await t.step("the report counts the requests and reminders sent", async () => {
      assert.deepEqual(await test.reviewCounts(tuesday + 40 * day), {
        requested: 1,
        reminded: 1,
        optedOut: 0,
      });
    });
  } finally {
    await test.close();
  }
});

Deno.test("the email's one-tap link stops the reminder; a forged one changes nothing", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ email: "sam@example.com", name: "Sam" });
    await test.jobDone(leadId, tuesday + hour);
    await test.deliverAt(tuesday + 3 * hour);
    const link = optOutLinkOf(test.reviewEmails()[0]?.text ?? "");
    assert.ok(link);

    await t.step("a forged or another lead's token: 403, nothing changes", async () => {
      const other = await test.submit();
      const forged = link.replace(/token=.*/, "token=AAAAAAAAAAAAAAAAAAAAAA");
      const foreign = link.replace(leadId, other);
      for (const url of [forged, foreign, link.replace(/\?token=.*/, "")]) {
        const answer = await test.handle(new Request(url));
        assert.equal(answer.status, 403);
        await answer.text();
      }
      const [row] = await test.database.sql`
        select review_opted_out_at from public.contact_requests where id = ${leadId}`;
      assert.equal(row?.review_opted_out_at, null);
    });

    await t.step(
      "one tap (a GET): plain text saying so; a second tap changes nothing",
      async () => {
        for (let tap = 0; tap < 2; tap += 1) {
          const answer = await test.handle(new Request(link));
          assert.equal(answer.status, 200);
          assert.match(answer.headers.get("content-type") ?? "", /^text\/plain/);
          assert.match(await answer.text(), /will not ask you for a review again/);
        }
      },
    );

    await t.step("no reminder, ever; the report counts the opt-out", async () => {
      assert.equal((await test.deliverAt(tuesday + 20 * day)).reviews, 0);
      assert.equal(test.reviewEmails().length, 1);
      assert.deepEqual(await test.reviewCounts(tuesday + 21 * day), {
        requested: 1,
        reminded: 0,
        optedOut: 1,
      });
    });
  } finally {
    await test.close();
  }
});

Deno.test("an opt-out after the reminder was queued cancels it", async () => {
  const test = await setUp();
  try {
    const leadId = await test.submit({ email: "kim@example.com" });
    await test.jobDone(leadId, tuesday);
    await test.deliverAt(tuesday + 2 * hour);
    const link = optOutLinkOf(test.reviewEmails()[0]?.text ?? "") ?? "";
    // Queued by a deliverer run, not sent yet: the provider's retry time is still ahead.
    await test.database.sql`
      insert into public.contact_notifications
        (contact_request_id, kind, recipient, dedupe_key, next_attempt_at)
      values (${leadId}, 'review-reminder', '', ${leadId}, now() + interval '1 day')`;
    assert.equal((await test.handle(new Request(link))).status, 200);
    await test.deliverAt(tuesday + 30 * day);
    assert.equal(test.reviewEmails().length, 1);
    assert.deepEqual(await test.notifications(leadId), [
      { kind: "review-request", status: "delivered" },
      { kind: "review-reminder", status: "cancelled" },
    ]);
  } finally {
    await test.close();
  }
});

Deno.test("no review request: for spam, for a mark undone, without GOOGLE_REVIEW_URL; past the hour's budget they wait", async (t) => {
  await t.step("a spam-flagged lead is never asked, even marked done", async () => {
    const test = await setUp();
    try {
      const spamId = await test.submit({ website: "https://cheap-seo.example" });
      await test.database.sql`
        insert into public.lead_outcomes (contact_request_id, step, at)
        values (${spamId}, 'job-done', ${new Date(tuesday)})`;
      assert.equal((await test.deliverAt(tuesday + 10 * day)).reviews, 0);
      assert.deepEqual(await test.notifications(spamId), []);
    } finally {
      await test.close();
    }
  });

  await t.step("a job-done mark undone within its 10 minutes asks nothing", async () => {
    const test = await setUp();
    try {
      const leadId = await test.submit();
      await test.jobDone(leadId, tuesday);
      test.setClock(tuesday + 5 * minute);
      assert.equal((await test.outcome(leadId, { undo: "job-done" })).status, 200);
      assert.equal((await test.deliverAt(tuesday + 10 * day)).reviews, 0);
      assert.deepEqual(test.reviewEmails(), []);
    } finally {
      await test.close();
    }
  });

  await t.step("without a review link, nothing is queued", async () => {
    const test = await setUp({});
    try {
      const leadId = await test.submit();
      await test.jobDone(leadId, tuesday);
      assert.equal((await test.deliverAt(tuesday + 10 * day)).reviews, 0);
      assert.deepEqual(await test.notifications(leadId), []);
    } finally {
      await test.close();
    }
  });

  await t.step(
    "REVIEW_REQUEST_MAX_PER_HOUR: the rest wait for the next hour, none is dropped",
    async () => {
      const test = await setUp({ GOOGLE_REVIEW_URL: reviewUrl, REVIEW_REQUEST_MAX_PER_HOUR: "2" });
      try {
        const leads = [await test.submit(), await test.submit(), await test.submit()];
        for (const [index, leadId] of leads.entries())
          await test.jobDone(leadId, tuesday + index * minute);
        assert.equal((await test.deliverAt(tuesday + 3 * hour)).reviews, 2);
        assert.equal((await test.deliverAt(tuesday + 3 * hour + 30 * minute)).reviews, 0);
        assert.equal((await test.deliverAt(tuesday + 4 * hour + minute)).reviews, 1);
        assert.equal(test.reviewEmails().length, 3);
        // The oldest finished jobs went first.
        assert.deepEqual(await test.notifications(leads[2] ?? ""), [
          { kind: "review-request", status: "delivered" },
        ]);
      } finally {
        await test.close();
      }
    },
  );
});
