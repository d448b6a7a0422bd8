import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { connect, type Database } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { conversionColumns, conversionsCsv, googleAdsTime } from "../src/outcomeCommands.ts";
import { leadsCommand } from "./support/leadsCommand.ts";

let database: TestDatabase;
let sql: Database;
const gclid = "Cj0KCQiA-click_Id42";

async function storeLead(
  name: string,
  source: { gclid?: string; truck?: boolean },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.contact_requests
      (created_at, request_id, name, email, phone, client_address_hash, utm_source, utm_medium,
       has_gclid, gclid, contacted_at)
    values (now() - interval '3 days', gen_random_uuid(), ${name}, 'lead@example.com',
      '(586) 555-0123', 'stored-directly', ${source.truck ? "truck" : null},
      ${source.truck ? "qr" : null}, ${source.gclid !== undefined}, ${source.gclid ?? null},
      now() - interval '3 days' + interval '10 minutes')
    returning id`;
  return row?.id ?? "";
}

before(async () => {
  database = await createTestDatabase();
  sql = connect(database.url);
});

after(async () => {
  await sql.end();
  await database.drop();
});

test("pnpm leads marks outcomes, shows revenue by source and writes Google Ads' conversion import", async (t) => {
  const adLead = await storeLead("Ada Ads", { gclid });
  const truckLead = await storeLead("Quinn Qr", { truck: true });
  const noClick = await storeLead("Nia NoClick", {});

  await t.test("outcome marks each step, once", async () => {
    assert.equal(
      (await leadsCommand(database.url, "outcome", adLead, "inspected")).trim(),
      "marked: Inspected",
    );
    await leadsCommand(database.url, "outcome", adLead, "quoted", "4,800");
    assert.equal(
      (await leadsCommand(database.url, "outcome", adLead, "won", "$4650.50")).trim(),
      "marked: Inspected, Quoted $4,800, Won $4,650.50",
    );
    await leadsCommand(database.url, "outcome", adLead, "job-done");
    await leadsCommand(database.url, "outcome", truckLead, "lost", "another-company");
    await leadsCommand(database.url, "outcome", noClick, "won", "1000");
    const replay = leadsCommand(database.url, "outcome", adLead, "won", "9999");
    await assert.rejects(replay, (error: { code?: number; stdout?: string }) => {
      assert.equal(error.code, 1);
      assert.match(error.stdout ?? "", /^already: /);
      return true;
    });
  });

  await t.test("a bad step or value is named, and nothing is stored", async () => {
    const before = await sql`select count(*)::int as n from public.lead_outcomes`;
    for (const args of [
      ["won"],
      ["won", "-5"],
      ["lost", "because"],
      ["hired"],
      ["inspected", "100"],
    ]) {
      await assert.rejects(
        leadsCommand(database.url, "outcome", truckLead, ...args),
        (error: { stderr?: string }) =>
          /won needs|lost needs|step must|takes no/.test(error.stderr ?? ""),
        args.join(" "),
      );
    }
    assert.deepEqual(await sql`select count(*)::int as n from public.lead_outcomes`, before);
  });

  await t.test("sources --csv: each source's figures", async () => {
    assert.equal(
      await leadsCommand(database.url, "sources", "--csv"),
      [
        '"source","leads","called","inspected","won","revenue","close_rate","median_days_to_won"',
        '"Google Ads","1","1","1","1","4650.50","1.0000","3.0"',
        '"Direct","1","1","1","1","1000.00","1.0000","3.0"',
        `"the truck's QR code","1","1","0","0","0.00","0.0000",""`,
        "",
      ].join("\r\n"),
    );
  });

  await t.test(
    "conversions --since: one row per won lead with a click id, in Google's columns",
    async () => {
      const [won] = await sql<{ at: Date }[]>`
      select at from public.lead_outcomes where contact_request_id = ${adLead} and step = 'won'`;
      assert.ok(won);
      const today = new Date().toISOString().slice(0, 10);
      const old = await leadsCommand(database.url, "conversions", "--since", "2020-01-01");
      assert.equal(
        old,
        [
          '"Google Click ID","Conversion Name","Conversion Time","Conversion Value","Conversion Currency"',
          `"${gclid}","Won job","${googleAdsTime(won.at, "America/Detroit")}","4650.50","USD"`,
          "",
        ].join("\r\n"),
      );
      const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const none = await leadsCommand(
        database.url,
        "conversions",
        "--since",
        future,
        "--name",
        "Job",
      );
      assert.equal(none.split("\r\n")[1], "", `nothing won since ${future} (today ${today})`);
    },
  );
});

test("the conversion file matches Google Ads' documented names and time format", () => {
  // Google Ads, "Import conversions from clicks": the template's columns.
  assert.deepEqual(conversionColumns, [
    "Google Click ID",
    "Conversion Name",
    "Conversion Time",
    "Conversion Value",
    "Conversion Currency",
  ]);
  // The documented form "yyyy-mm-dd hh:mm:ss+|-hh:mm", in the business's zone: summer and winter.
  assert.equal(
    googleAdsTime(new Date("2026-07-04T16:05:09.750Z"), "America/Detroit"),
    "2026-07-04 12:05:09-04:00",
  );
  assert.equal(
    googleAdsTime(new Date("2026-12-01T04:30:00Z"), "America/Detroit"),
    "2026-11-30 23:30:00-05:00",
  );
  assert.equal(
    googleAdsTime(new Date("2026-12-01T04:30:00Z"), "Asia/Kolkata"),
    "2026-12-01 10:00:00+05:30",
  );
});

test("a click id a spreadsheet would run as a formula is written as text", () => {
  // The table's shape allows a leading "-": "-2-2" would show -4, "-A1-SUM-2-2" #NAME?.
  const rows = conversionsCsv(
    ["-2-2", "Cj0KCQiA-real_id"].map((gclid) => ({
      gclid,
      won_at: new Date("2026-07-04T16:05:09Z"),
      amount_cents: 480_000,
    })),
    { name: "Won job", timeZone: "America/Detroit" },
  ).split("\r\n");
  assert.equal(rows[1]?.split(",")[0], `"'-2-2"`);
  assert.equal(rows[2]?.split(",")[0], '"Cj0KCQiA-real_id"');
});

test("a bad --since is named with the usage, and exits 2", async () => {
  await assert.rejects(
    promisify(execFile)(process.execPath, [
      "--conditions=@bluewater/source",
      new URL("../src/leads.ts", import.meta.url).pathname,
      "conversions",
      "--since",
      "last week",
    ]),
    (error: { code?: number; stderr?: string }) =>
      error.code === 2 && /date like 2026-11-01/.test(error.stderr ?? ""),
  );
});
