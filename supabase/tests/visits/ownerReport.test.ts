import { strict as assert } from "node:assert";
import { ownerReportFigures, type RunQuery } from "../../functions/_shared/ownerReport.ts";
import { ownerReportLines, rating, sparkline } from "../../functions/_shared/ownerReportText.ts";
import { renderOwnerReportEmail } from "../../functions/send-contact-email/outbox/messages/ownerReportEmail.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const timeZone = "America/Detroit";
/** Monday, November 23, 2026, midnight in Michigan (EST, UTC−5): the week before is Nov 16–22. */
const period = { from: new Date("2026-11-16T05:00:00Z"), to: new Date("2026-11-23T05:00:00Z") };

Deno.test("the owner's report counts a week's visits, requests and calls exactly, beside the week before", async () => {
  const database = await startTestDatabase();
  try {
    const { sql } = database;
    await sql`
      insert into public.site_visits
        (created_at, page, device, utm_source, utm_medium, referrer_host, has_gclid, acted,
         scrolled_past_hero, phone_tapped, chat_opened, form_focused, request_sent, lcp_ms,
         lcp_element, inp_ms, inp_target, cls)
      values
        -- Monday the 16th, late evening in Michigan (already the 17th in UTC).
        ('2026-11-17T03:30:00Z', 'home', 'mobile', 'google', 'cpc', null, true, true, true,
          false, false, true, 'app', 2000, 'h1', 120, 'button.send', 0.01),
        ('2026-11-18T15:00:00Z', 'home', 'mobile', null, null, 'www.google.com', false, true,
          true, true, false, false, null, 3000, 'h1', 600, 'a.call', 0.3),
        ('2026-11-18T16:00:00Z', 'home', 'mobile', null, null, null, false, false, false,
          false, false, false, null, 5000, 'img.hero', null, null, 0),
        ('2026-11-20T12:00:00Z', 'home', 'desktop', 'truck', 'qr', null, false, true, false,
          false, true, false, null, 900, 'h1', 40, 'button.chat', 0.05),
        ('2026-11-22T23:00:00Z', 'not-found', 'desktop', null, null, 'm.facebook.com', false,
          false, false, false, false, false, null, null, null, null, null, null),
        -- The week before: two visits; and one outside both weeks.
        ('2026-11-10T12:00:00Z', 'home', 'mobile', null, null, null, false, true, false, true,
          false, false, null, 1000, 'h1', 80, 'a.call', 0),
        ('2026-11-12T12:00:00Z', 'home', 'desktop', null, null, null, false, false, false, false,
          false, false, null, 800, 'h1', null, null, 0),
        ('2026-11-01T12:00:00Z', 'home', 'desktop', null, null, null, false, true, false, false,
          false, false, null, 800, 'h1', null, null, 0)`;
    const lead = (at: string, contacted: string | null, spam = false, utm: string | null = null) =>
      sql`
        insert into public.contact_requests
          (created_at, request_id, name, email, phone, client_address_hash, is_spam,
           contacted_at, utm_source, utm_medium, has_gclid)
        values (${at}, ${crypto.randomUUID()}, 'Dana', 'dana@example.com', '5865550123', 'x',
          ${spam}, ${contacted}, ${utm}, ${utm === "google" ? "cpc" : null}, ${utm === "google"})`;
    await lead("2026-11-17T03:31:00Z", "2026-11-17T13:00:00Z", false, "google");
    await lead("2026-11-21T15:00:00Z", null);
    await lead("2026-11-21T15:05:00Z", null, true);
    await lead("2026-11-11T15:00:00Z", "2026-11-11T15:20:00Z");

    const run: RunQuery = async (text, params) => (await database.db.query(text, [...params])).rows;
    const report = await ownerReportFigures(run, period, timeZone);
    const now = report.current;
    assert.deepEqual(
      {
        visits: now.visits,
        acted: now.acted,
        formFocused: now.formFocused,
        sent: now.sent,
        called: now.called,
        leads: now.leads,
        phoneTapped: now.phoneTapped,
        chatOpened: now.chatOpened,
      },
      {
        visits: 5,
        acted: 3,
        formFocused: 1,
        sent: 1,
        called: 1,
        leads: 2,
        phoneTapped: 1,
        chatOpened: 1,
      },
    );
    assert.deepEqual(
      now.daily.map((day) => [day.day, day.visits, day.leads]),
      [
        ["2026-11-16", 1, 1],
        ["2026-11-17", 0, 0],
        ["2026-11-18", 2, 0],
        ["2026-11-19", 0, 0],
        ["2026-11-20", 1, 0],
        ["2026-11-21", 0, 1],
        ["2026-11-22", 1, 0],
      ],
    );
    assert.deepEqual(now.sources, [
      ["Direct", { visits: 1, leads: 1, called: 0 }],
      ["Google Ads", { visits: 1, leads: 1, called: 1 }],
      ["Facebook", { visits: 1, leads: 0, called: 0 }],
      ["Google search", { visits: 1, leads: 0, called: 0 }],
      ["the truck's QR code", { visits: 1, leads: 0, called: 0 }],
    ]);
    // 75th percentiles, interpolated as PostgreSQL's percentile_cont does: LCP of 2000, 3000 and
    // 5000 ms on phones is 4000; INP of 120 and 600 is 480; CLS of 0.01, 0.3 and 0 is 0.155.
    assert.equal(now.vitals.mobile.visits, 3);
    assert.equal(now.vitals.mobile.lcp, 4000);
    assert.equal(now.vitals.mobile.inp, 480);
    assert.ok(Math.abs((now.vitals.mobile.cls ?? 0) - 0.155) < 1e-6);
    assert.deepEqual(now.vitals.desktop, {
      lcp: 900,
      inp: 40,
      cls: 0.05000000074505806,
      visits: 2,
    });
    assert.equal(now.lcpElement, "h1");
    assert.equal(now.inpTarget, "a.call");

    const before = report.previous;
    assert.deepEqual(
      [before.visits, before.acted, before.sent, before.leads, before.called, before.phoneTapped],
      [2, 1, 0, 1, 1, 1],
    );

    const text = ownerReportLines(report).join("\n");
    assert.match(text, /^7 days to Sunday, November 22, compared with the 7 before\./);
    assert.match(text, /\nVisits +5 \(before 2\) +▅▁█▁▅▁▅ +one bar a day\n/);
    assert.match(text, /\nRequests +2 \(before 1\) +█▁▁▁▁█▁\n/);
    assert.match(text, /Sent a request +1 +100% of the step above +\(before 0\)/);
    assert.match(text, /Requests marked as called +1 +50% of all requests +\(before 1\)/);
    assert.match(text, /Largest content shown +4\.0 s needs improvement +900 ms good/);
    assert.match(text, /Answer to a tap or click +480 ms needs improvement +40 ms good/);
    assert.match(text, /Layout shifts +0\.16 needs improvement +0\.05 good/);
    assert.match(text, /Largest content most often: h1\n {2}Slowest to answer: a\[\.\]call\n/);
  } finally {
    await database.close();
  }
});

Deno.test("what a stranger's beacons write into the report is no link, in the text or the Monday email", async () => {
  const database = await startTestDatabase();
  try {
    const bait = "URGENT billing hold - pay at https://bluewater-billing.example/pay";
    await database.sql`
      insert into public.site_visits
        (created_at, page, device, utm_source, lcp_ms, lcp_element, inp_ms, inp_target)
      select '2026-11-18T15:00:00Z', 'home', 'mobile', ${bait}, 2000, ${bait}, 900, ${bait}
      from generate_series(1, 60)`;
    const run: RunQuery = async (text, params) => (await database.db.query(text, [...params])).rows;
    const report = await ownerReportFigures(run, period, timeZone);
    const text = ownerReportLines(report).join("\n");
    const { html } = renderOwnerReportEmail(report, {
      from: "report@example.com",
      to: "owner@example.com",
    });
    for (const shown of [text, html.replaceAll("<wbr>", "")]) {
      assert.doesNotMatch(shown, /bluewater-billing\.example|https:/);
      assert.match(shown, /https\[:\]\/\/bluewater-billing\[\.\]example\/pay/);
    }
    assert.equal(text.match(/bluewater-billing\[\.\]example/g)?.length, 3, "source, LCP, INP");
  } finally {
    await database.close();
  }
});

Deno.test("ratings follow Google's thresholds, and sparklines scale to the busiest day", () => {
  assert.deepEqual(
    [rating("lcp", 2500), rating("lcp", 2501), rating("lcp", 4001)],
    ["good", "needsImprovement", "poor"],
  );
  assert.deepEqual(
    [rating("inp", 200), rating("inp", 500), rating("inp", 501)],
    ["good", "needsImprovement", "poor"],
  );
  assert.deepEqual(
    [rating("cls", 0.1), rating("cls", 0.25), rating("cls", 0.26)],
    ["good", "needsImprovement", "poor"],
  );
  assert.equal(sparkline([0, 1, 2, 4, 8]), "▁▂▃▅█");
  assert.equal(sparkline([0, 0]), "▁▁");
});
