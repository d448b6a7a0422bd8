import { strict as assert } from "node:assert";
import { dueReportWeek } from "../../functions/send-contact-email/schedule/weeklyReport.ts";
import { functionUrl, startLoggingHandler, testConfig, testOrigin } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const at = (iso: string) => new Date(iso).getTime();

Deno.test("the report is due on Mondays from 7 am in Michigan, for the Monday-to-Monday week before", () => {
  // Monday, November 23, 2026: 6:59 am EST is 11:59 UTC.
  assert.equal(dueReportWeek(new Date("2026-11-23T11:59:00Z")), undefined);
  const due = dueReportWeek(new Date("2026-11-23T12:00:00Z"));
  assert.deepEqual(due, {
    key: "2026-11-23",
    period: { from: new Date("2026-11-16T05:00:00Z"), to: new Date("2026-11-23T05:00:00Z") },
  });
  // Until Monday midnight in Michigan (already Tuesday in UTC), then not before the next Monday.
  assert.equal(dueReportWeek(new Date("2026-11-24T04:59:00Z"))?.key, "2026-11-23");
  assert.equal(dueReportWeek(new Date("2026-11-24T05:00:00Z")), undefined);
  assert.equal(dueReportWeek(new Date("2026-11-29T23:00:00Z")), undefined);
  assert.equal(dueReportWeek(new Date("2026-11-30T12:00:00Z"))?.key, "2026-11-30");
  // The week daylight saving time ends (Sunday, November 1): Monday to Monday in local time.
  assert.deepEqual(dueReportWeek(new Date("2026-11-02T13:00:00Z"))?.period, {
    from: new Date("2026-10-26T04:00:00Z"),
    to: new Date("2026-11-02T05:00:00Z"),
  });
});

Deno.test("every Monday the owner is emailed the week's report once, through the outbox, whoever delivers", async () => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ OWNER_REPORT_EMAIL: "on" }),
    start: at("2026-11-18T15:00:00Z"),
  });
  try {
    // During the week: two visits (one from the truck's QR code) and a lead from a Google ad.
    for (const visit of [
      { page: "home", device: "mobile", utmSource: "truck", utmMedium: "qr", acted: true },
      { page: "home", device: "desktop", lcp: 900, phoneTapped: true, acted: true },
    ]) {
      const answer = await handler.handle(
        new Request(`${functionUrl}/visit`, {
          method: "POST",
          headers: { "content-type": "text/plain", origin: testOrigin },
          body: JSON.stringify(visit),
        }),
      );
      assert.equal(answer.status, 204);
    }
    const lead = await handler.submit({ utmSource: "google", utmMedium: "cpc", gclid: true });
    // The database stamps a lead with its own clock: this one came in during the week too.
    await database.sql`
      update public.contact_requests set created_at = '2026-11-18T15:00:00Z' where id = ${lead}`;
    const reports = () =>
      handler.email.sent.filter((sent) => sent.message.subject.includes("website, last week"));

    handler.setClock(at("2026-11-23T11:30:00Z"));
    await handler.deliver();
    assert.equal(reports().length, 0, "not before 7 am on Monday");

    // Two deliverers at once at 7:05 am: one report.
    handler.setClock(at("2026-11-23T12:05:00Z"));
    const runs = await Promise.all([handler.deliver(), handler.deliver()]);
    assert.deepEqual(runs.map((run) => run.ownerReport).sort(), [false, true]);
    await handler.deliver();
    const [report, ...more] = reports();
    assert.equal(more.length, 0);
    assert.ok(report);
    const { subject, text, html, to } = report.message;
    assert.equal(to, "owner@bluewater.example");
    assert.equal(subject, "Blue Water Waterproofing website, last week: 2 visits, 1 request");
    assert.match(text, /^7 days to Sunday, November 22, compared with the 7 before\./);
    assert.match(text, /\n {2}Google Ads +0 +1 +0\n/);
    assert.match(text, /\n {2}the truck's QR code +1 +0 +0\n/);
    assert.match(text, /Tapped the phone number +1 \(before 0\)/);
    assert.match(html, /<th scope="row"[^>]*>the truck's QR code<\/th>/);
    assert.match(html, /Requests: <strong>1<\/strong>/);

    // Not again that Monday, nor on Tuesday; the next Monday brings the next week's report.
    handler.setClock(at("2026-11-23T22:00:00Z"));
    await handler.deliver();
    handler.setClock(at("2026-11-24T15:00:00Z"));
    await handler.deliver();
    assert.equal(reports().length, 1);
    handler.setClock(at("2026-11-30T12:10:00Z"));
    await handler.deliver();
    assert.equal(reports().length, 2);
    assert.match(reports()[1]?.message.subject ?? "", /: 0 visits, 0 requests$/);
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("an owner who turned the weekly report off gets none", async () => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ OWNER_REPORT_EMAIL: "off" }),
    start: at("2026-11-23T12:05:00Z"),
  });
  try {
    assert.equal((await handler.deliver()).ownerReport, false);
    assert.equal(handler.email.sent.length, 0);
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("the Monday email lists the open leads, each with a link signed that morning, and says review requests are off without a review link", async () => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ OWNER_REPORT_EMAIL: "on" }),
    start: at("2026-11-05T15:00:00Z"),
  });
  try {
    const names = ["Olive Open", "Dora Done", "Lou Lost", "Nell Newer"];
    const [open, done, lost, newer] = await Promise.all(
      names.map((name) => handler.submit({ name, message: `Water in the basement (${name}).` })),
    );
    const spam = await handler.submit({ name: "Sp Am", website: "https://cheap-seo.example" });
    // The database stamps leads with its own clock: these came in 18 days before the report.
    await database.sql`update public.contact_requests set created_at = '2026-11-05T15:00:00Z'`;
    await database.sql`
      update public.contact_requests set created_at = '2026-11-20T15:00:00Z' where id = ${newer ?? ""}`;
    await database.sql`
      insert into public.lead_outcomes (contact_request_id, step, amount_cents, lost_reason)
      values (${done ?? ""}, 'job-done', null, null), (${lost ?? ""}, 'lost', null, 'price')`;
    const alertLink = handler.ownerLinkOf(open ?? "");

    handler.setClock(at("2026-11-23T12:05:00Z"));
    await handler.deliver();
    const report = handler.email.sent.find((sent) =>
      sent.message.subject.includes("website, last week"),
    );
    assert.ok(report);
    const { text, html } = report.message;
    assert.match(
      text,
      /\nReview requests\n {2}No review requests are sent: the Google review link \(GOOGLE_REVIEW_URL\) is not set\./,
    );
    assert.match(text, /\nOpen leads \(2\): mark what each became\n/);
    const lines = text.split("\n").filter((line) => line.includes("/contacted/#"));
    assert.equal(lines.length, 2, "neither the lost nor the done lead, nor spam");
    assert.match(lines[0] ?? "", /^ {2}Nell Newer, received Nov 20, 2026, 10:00 AM: http/);
    assert.match(lines[1] ?? "", /^ {2}Olive Open, received Nov 5, 2026, 10:00 AM: http/);
    assert.ok(!text.includes("Sp Am") && !html.includes("Sp Am"));
    assert.ok(!text.includes(String(spam)));

    // The alert's link expired after 7 days; the Monday email's, signed that morning, opens the lead.
    const fresh = /(http\S+)/.exec(lines[1] ?? "")?.[1] ?? "";
    assert.ok(html.includes(`href="${fresh}"`));
    const tokenOf = (link: string) => new URL(link).hash.slice(1 + 36 + 1);
    const opens = async (link: string) => {
      const answer = await handler.handle(
        new Request(`${functionUrl}/contacted/${open}`, {
          headers: { origin: testOrigin, "x-lead-token": tokenOf(link) },
        }),
      );
      await answer.body?.cancel();
      return answer.status;
    };
    assert.equal(await opens(alertLink), 410);
    assert.equal(await opens(fresh), 200);
  } finally {
    await handler.settle();
    await database.close();
  }
});
