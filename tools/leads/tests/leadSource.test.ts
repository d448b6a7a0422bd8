import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { leadsCommand } from "./support/leadsCommand.ts";

let database: TestDatabase;

/** Leads as stored, with the source of the visit that sent each. */
const leads = [
  { name: "Ada Ads", utm_source: "google", utm_medium: "cpc", gclid: true, referrer: null },
  {
    name: "Sam Search",
    utm_source: null,
    utm_medium: null,
    gclid: false,
    referrer: "www.google.com",
  },
  { name: "Quinn Qr", utm_source: "truck", utm_medium: "qr", gclid: false, referrer: null },
  // Written by hand past the function's checks: a tag that tries to reorder the terminal's line.
  { name: "Tess Tag", utm_source: "\u202Enimda", utm_medium: null, gclid: false, referrer: null },
  { name: "Dan Direct", utm_source: null, utm_medium: null, gclid: false, referrer: null },
];

before(async () => {
  database = await createTestDatabase();
  const sql = connect(database.url);
  try {
    let minutesAgo = 0;
    for (const lead of leads) {
      minutesAgo += 1;
      await sql`
        insert into public.contact_requests
          (created_at, request_id, name, email, phone, client_address_hash, utm_source,
           utm_medium, has_gclid, referrer_host)
        values
          (now() - make_interval(mins => ${minutesAgo}), gen_random_uuid(), ${lead.name},
           'lead@example.com', '(586) 555-0123', 'stored-directly', ${lead.utm_source},
           ${lead.utm_medium}, ${lead.gclid}, ${lead.referrer})`;
    }
    await sql`
      insert into public.contact_notifications (kind, recipient, payload, dedupe_key, status)
      values ('owner-report', '', '{}', '2026-11-23', 'failed')`;
  } finally {
    await sql.end();
  }
});

after(async () => {
  await database.drop();
});

const leadsOf = (...args: string[]) => leadsCommand(database.url, ...args);

test("pnpm leads says where each lead came from, a hostile tag as codes", async () => {
  const lines = (await leadsOf("list")).split("\n");
  const sourceOf = (name: string) => {
    const at = lines.findIndex((line) => line.includes(name));
    const next = lines[at + 1] ?? "";
    return next.startsWith(" ".repeat(18)) ? next.trim() : undefined;
  };
  assert.deepEqual(Object.fromEntries(leads.map((lead) => [lead.name, sourceOf(lead.name)])), {
    "Ada Ads": "via Google Ads",
    "Sam Search": "via Google search",
    "Quinn Qr": "via the truck's QR code",
    "Tess Tag": "via <U+202E>nimda",
    "Dan Direct": undefined,
  });
});

test("the CSV names each lead's source beside its tags", async () => {
  const rows = (await leadsOf("csv")).split("\r\n");
  const columns = rows[0]?.split(",") ?? [];
  const source = columns.indexOf('"source"');
  const cell = (name: string) => rows.find((row) => row.includes(name))?.split('","')[source];
  assert.equal(cell("Ada Ads"), "Google Ads");
  assert.equal(cell("Quinn Qr"), "the truck's QR code");
  assert.equal(cell("Dan Direct"), "Direct");
});

test("pnpm leads queue lists the owner's weekly report, which belongs to no lead", async () => {
  const queue = await leadsOf("queue");
  assert.match(queue, /^FAILED +attempts {2}0 {2}weekly report$/m);
});
