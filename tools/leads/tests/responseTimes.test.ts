import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { leadsCommand } from "./support/leadsCommand.ts";

const minute = 60_000;
const day = 24 * 60 * minute;

interface Lead {
  name: string;
  /** How long ago it came in. */
  ago: number;
  /** How long after it came in it was marked as called. */
  calledAfter?: number;
  escalated?: boolean;
  spam?: boolean;
  /** The owner's email: delivered, or still waiting. */
  alert?: "delivered" | "pending";
}

// Four called after 5, 10, 20 and 60 minutes; three never marked; spam and a lead from two
// months ago left out of the figures.
const leads: Lead[] = [
  { name: "Called Fast", ago: 2 * day, calledAfter: 5 * minute, alert: "delivered" },
  { name: "Called Ten", ago: 3 * day, calledAfter: 10 * minute, alert: "delivered" },
  { name: "Called Twenty", ago: 4 * day, calledAfter: 20 * minute, alert: "delivered" },
  { name: "Called Hour", ago: 5 * day, calledAfter: 60 * minute, alert: "delivered" },
  { name: "Escalated Eve", ago: 6 * day, escalated: true, alert: "delivered" },
  { name: "Alerted Al", ago: 7 * day, alert: "delivered" },
  { name: "New Nora", ago: 8 * day, alert: "pending" },
  { name: "Spam Bot", ago: 9 * day, spam: true },
  { name: "Old Olga", ago: 60 * day, calledAfter: 30_000, alert: "delivered" },
];

let database: TestDatabase;

before(async () => {
  database = await createTestDatabase();
  const sql = connect(database.url);
  try {
    const now = Date.now();
    for (const lead of leads) {
      const created = new Date(now - lead.ago);
      const [row] = await sql<{ id: string }[]>`
        insert into public.contact_requests
          (created_at, request_id, name, email, phone, message, client_address_hash, is_spam,
           contacted_at, escalated_at)
        values
          (${created}, gen_random_uuid(), ${lead.name}, 'lead@example.com', '(586) 555-0123', '',
           'stored-directly', ${lead.spam ?? false},
           ${lead.calledAfter === undefined ? null : new Date(created.getTime() + lead.calledAfter)},
           ${lead.escalated ? new Date(created.getTime() + 15 * minute) : null})
        returning id`;
      if (lead.alert && row) {
        await sql`
          insert into public.contact_notifications (contact_request_id, kind, status, attempts)
          values (${row.id}, 'alert-email', ${lead.alert}, ${lead.alert === "delivered" ? 1 : 0})`;
      }
    }
  } finally {
    await sql.end();
  }
});

after(async () => {
  await database.drop();
});

const pnpmLeads = (...args: string[]) => leadsCommand(database.url, ...args);

test("pnpm leads shows each lead's state and time to contact, and how fast the business answers", async () => {
  const output = await pnpmLeads("list", "--spam");
  const rows = output.split("\n").filter((line) => /^\d{4}-\d\d-\d\d /.test(line));
  const stateAndTime = (name: string) => {
    const row = rows.find((line) => line.includes(name));
    assert.ok(row, `${name} is listed`);
    return row.slice(18, 40).trim().replace(/\s+/g, " ");
  };
  assert.deepEqual(Object.fromEntries(leads.map((lead) => [lead.name, stateAndTime(lead.name)])), {
    "Called Fast": "contacted 5 min",
    "Called Ten": "contacted 10 min",
    "Called Twenty": "contacted 20 min",
    "Called Hour": "contacted 1 h 00 min",
    "Escalated Eve": "escalated —",
    "Alerted Al": "alerted —",
    "New Nora": "new —",
    "Spam Bot": "spam —",
    "Old Olga": "contacted <1 min",
  });
  // Median of 5, 10, 20 and 60 minutes: 15; the 90th percentile, interpolated: 48.
  assert.equal(
    output.trimEnd().split("\n").at(-1),
    "Last 30 days: 7 leads; time to contact median 15 min, 90th percentile 48 min; 3 never marked as called.",
  );
});

test("the CSV carries the state, the mark and the seconds it took", async () => {
  const output = await pnpmLeads("csv");
  const fast = output.split("\r\n").find((line) => line.includes("Called Hour"));
  assert.match(
    String(fast),
    /"contacted","[0-9T:.-]+Z","3600","","false","Direct","","","","","owner email: delivered"$/,
  );
});
