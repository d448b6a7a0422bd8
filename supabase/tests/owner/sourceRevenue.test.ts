import { strict as assert } from "node:assert";
import { ownerReportFigures, type RunQuery } from "../../functions/_shared/ownerReport.ts";
import { ownerReportLines } from "../../functions/_shared/ownerReportText.ts";
import { renderOwnerReportEmail } from "../../functions/send-contact-email/outbox/messages/ownerReportEmail.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const period = { from: new Date("2026-11-16T05:00:00Z"), to: new Date("2026-11-23T05:00:00Z") };

Deno.test("revenue by source: leads, called, inspected, won, revenue, close rate and median days to won, exactly", async () => {
  const database = await startTestDatabase();
  try {
    const { sql } = database;
    const lead = async (
      at: string,
      source: "ads" | "truck" | null,
      options: { called?: boolean; spam?: boolean } = {},
    ) => {
      const [row] = await sql<{ id: string }[]>`
        insert into public.contact_requests
          (created_at, request_id, name, email, phone, client_address_hash, is_spam,
           contacted_at, utm_source, utm_medium, has_gclid)
        values (${at}, ${crypto.randomUUID()}, 'Dana', 'dana@example.com', '5865550123', 'x',
          ${options.spam ?? false}, ${options.called ? at : null},
          ${source === "ads" ? "google" : source === "truck" ? "truck" : null},
          ${source === "ads" ? "cpc" : source === "truck" ? "qr" : null}, ${source === "ads"})
        returning id`;
      return row?.id ?? "";
    };
    const mark = (
      id: string,
      step: string,
      afterDays: number,
      amount: number | null = null,
      reason: string | null = null,
      undone = false,
    ) =>
      sql`
        insert into public.lead_outcomes (contact_request_id, step, amount_cents, lost_reason, at, undone_at)
        select id, ${step}, ${amount}, ${reason}, created_at + ${`${afterDays} days`}::interval,
          ${undone ? new Date() : null}
        from public.contact_requests where id = ${id}`;
    // Google Ads: three leads, two won (after 2 and 6 days), one lost; a spam lead left out.
    const a1 = await lead("2026-11-16T15:00:00Z", "ads", { called: true });
    await mark(a1, "inspected", 1);
    await mark(a1, "quoted", 1.5, 500_000);
    await mark(a1, "won", 2, 480_000);
    await mark(a1, "job-done", 9);
    const a2 = await lead("2026-11-17T15:00:00Z", "ads", { called: true });
    await mark(a2, "quoted", 3, 1_000_000);
    await mark(a2, "won", 6, 1_020_050);
    const a3 = await lead("2026-11-18T15:00:00Z", "ads", { called: true });
    await mark(a3, "lost", 2, null, "price");
    await lead("2026-11-18T16:00:00Z", "ads", { spam: true });
    // The truck: one lead, won then undone (so not won), inspected.
    const t1 = await lead("2026-11-19T15:00:00Z", "truck", { called: true });
    await mark(t1, "inspected", 1);
    await mark(t1, "won", 1, 900_000, null, true);
    // Direct: one lead, never called; and one outside the period.
    await lead("2026-11-20T15:00:00Z", null);
    await lead("2026-11-10T15:00:00Z", "ads", { called: true });

    const run: RunQuery = async (text, params) => (await database.db.query(text, [...params])).rows;
    const report = await ownerReportFigures(run, period, "America/Detroit");
    assert.deepEqual(report.current.revenue, [
      [
        "Google Ads",
        {
          leads: 3,
          called: 3,
          inspected: 2,
          won: 2,
          revenueCents: 1_500_050,
          closeRate: 2 / 3,
          medianDaysToWon: 4,
        },
      ],
      [
        "Direct",
        {
          leads: 1,
          called: 0,
          inspected: 0,
          won: 0,
          revenueCents: 0,
          closeRate: 0,
          medianDaysToWon: null,
        },
      ],
      [
        "the truck's QR code",
        {
          leads: 1,
          called: 1,
          inspected: 1,
          won: 0,
          revenueCents: 0,
          closeRate: 0,
          medianDaysToWon: null,
        },
      ],
    ]);
    assert.equal(report.previous.revenue[0]?.[1].leads, 1, "the week before has its own lead");

    const lines = ownerReportLines(report);
    const at = lines.indexOf("What the requests became, by source");
    assert.deepEqual(lines.slice(at + 1, at + 5), [
      "                          requests  called  inspected  won     revenue  close rate  days to won",
      "  Google Ads                     3       3          2    2  $15,000.50         67%          4.0",
      "  Direct                         1       0          0    0          $0          0%            –",
      "  the truck's QR code            1       1          1    0          $0          0%            –",
    ]);
    const email = renderOwnerReportEmail(report, {
      from: "site@example.com",
      to: "owner@example.com",
    });
    assert.match(email.html ?? "", /What the requests became, by source/);
    assert.match(email.html ?? "", /\$15,000\.50/);
  } finally {
    await database.close();
  }
});

Deno.test("revenue by source stays bounded: past the top 10 the sources are summed, with a true median", async () => {
  const database = await startTestDatabase();
  try {
    const { sql } = database;
    // 14 tags, each one lead won after its number of days and worth its number of dollars.
    for (let n = 1; n <= 14; n += 1) {
      await sql`
        with lead as (
          insert into public.contact_requests
            (created_at, request_id, name, email, phone, client_address_hash, utm_source)
          values ('2026-11-17T15:00:00Z', ${crypto.randomUUID()}, 'Dana', 'dana@example.com',
            '5865550123', 'x', ${`tag${n}`})
          returning id, created_at)
        insert into public.lead_outcomes (contact_request_id, step, amount_cents, at)
        select id, 'won', ${n * 100}, created_at + ${`${n} days`}::interval from lead`;
    }
    const run: RunQuery = async (text, params) => (await database.db.query(text, [...params])).rows;
    const { revenue } = (await ownerReportFigures(run, period, "America/Detroit")).current;
    assert.equal(revenue.length, 11);
    const [label, others] = revenue.at(-1) ?? [];
    assert.match(String(label), /4 other sources/);
    // The four least: tags 1–4, won after 1–4 days, $1–$4.
    assert.deepEqual(
      {
        leads: others?.leads,
        won: others?.won,
        cents: others?.revenueCents,
        median: others?.medianDaysToWon,
      },
      { leads: 4, won: 4, cents: 1000, median: 2.5 },
    );
  } finally {
    await database.close();
  }
});
