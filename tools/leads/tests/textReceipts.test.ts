import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { leadsCommand } from "./support/leadsCommand.ts";

const owner = "+15865550100";
const at = (minute: number) => new Date(Date.UTC(2026, 4, 4, 18, minute));

/** A lead's texts as the function leaves them: each kind of receipt, a fold, a held-back escalation. */
const texts = [
  { name: "Arrived Ann", kind: "alert-sms", status: "delivered", receipt: ["delivered", null] },
  { name: "Resent Rob", kind: "alert-sms", status: "pending", resent: true },
  {
    name: "Lost Lou",
    kind: "alert-sms",
    status: "delivered",
    receipt: ["undelivered", "30003"],
    resent: true,
  },
  { name: "Waiting Wes", kind: "alert-sms", status: "delivered", receipt: ["failed", "30008"] },
  { name: "Folded Fay", kind: "alert-sms", status: "folded" },
  { name: "Held Hal", kind: "escalation-sms", status: "suppressed" },
  { name: "Summary Sue", kind: "summary-sms", status: "delivered" },
] as const;

let database: TestDatabase;
const ids: Record<string, string> = {};

before(async () => {
  database = await createTestDatabase();
  const sql = connect(database.url);
  try {
    for (const [index, text] of texts.entries()) {
      const created = at(index);
      const [lead] = await sql<{ id: string }[]>`
        insert into public.contact_requests
          (created_at, request_id, name, email, phone, message, client_address_hash)
        values (${created}, gen_random_uuid(), ${text.name}, 'lead@example.com', '(586) 555-0123',
          '', 'stored-directly')
        returning id`;
      if (!lead) throw new Error("the lead was not stored");
      ids[text.name] = lead.id;
      const receipt = "receipt" in text ? text.receipt : [null, null];
      const resent = "resent" in text ? at(index + 1) : null;
      await sql`
        insert into public.contact_notifications
          (contact_request_id, kind, recipient, status, attempts, created_at, next_attempt_at,
           delivered_at, receipt_status, receipt_error_code, receipt_at, resent_at)
        values (${lead.id}, ${text.kind}, ${owner}, ${text.status},
          ${text.status === "delivered" ? 1 : 0}, ${created}, ${at(index + 2)},
          ${text.status === "delivered" ? created : null}, ${receipt[0]}, ${receipt[1]},
          ${receipt[0] ? at(index + 3) : null}, ${resent})`;
    }
  } finally {
    await sql.end();
  }
});

after(async () => {
  await database.drop();
});

const leads = (...args: string[]) => leadsCommand(database.url, ...args);

test("pnpm leads queue shows the texts that did not arrive, with the carrier's error, and what was done", async () => {
  const output = await leads("queue");
  const line = (name: string) =>
    output.split("\n").findIndex((row) => row.includes(ids[name] ?? "?"));
  assert.equal(line("Arrived Ann"), -1, "an arrived text needs nothing");
  assert.equal(line("Folded Fay"), -1, "folded and held-back texts are settled");
  assert.equal(line("Held Hal"), -1);
  const lines = output.split("\n");
  assert.match(
    lines[line("Lost Lou")] ?? "",
    /^NOT ARRIVED \(undelivered\)\s+attempts {2}1 {2}owner SMS \+15865550100/,
  );
  assert.equal(
    lines[line("Lost Lou") + 1]?.trim(),
    "receipt 2026-05-04 18:05: undelivered, Twilio error 30003; sent again 2026-05-04 18:03 after it did not arrive",
  );
  assert.match(lines[line("Waiting Wes")] ?? "", /^NOT ARRIVED \(failed\)/);
  assert.equal(
    lines[line("Waiting Wes") + 1]?.trim(),
    "receipt 2026-05-04 18:06: failed, Twilio error 30008; to be sent again",
  );
  assert.match(lines[line("Resent Rob")] ?? "", /^next try 2026-05-04 18:03/);
  assert.equal(
    lines[line("Resent Rob") + 1]?.trim(),
    "sent again 2026-05-04 18:02 after it did not arrive",
  );
});

test("pnpm leads queue --all shows every text's receipt and the ones the budget held back", async () => {
  const output = await leads("queue", "--all");
  const rowOf = (name: string) => output.split("\n").find((row) => row.includes(ids[name] ?? "?"));
  assert.match(
    rowOf("Arrived Ann") ?? "",
    /^arrived 2026-05-04 18:03\s+attempts {2}1 {2}owner SMS/,
  );
  assert.match(
    rowOf("Folded Fay") ?? "",
    /^folded into a summary text\s+attempts {2}0 {2}owner SMS/,
  );
  assert.match(
    rowOf("Held Hal") ?? "",
    /^held back \(hourly limit\)\s+attempts {2}0 {2}escalation SMS/,
  );
  assert.match(
    rowOf("Summary Sue") ?? "",
    /^delivered 2026-05-04 18:06\s+attempts {2}1 {2}summary SMS/,
  );
});

test("pnpm leads names a lead whose text did not arrive", async () => {
  const output = await leads("list");
  assert.match(
    output,
    /owner SMS \+15865550100 did not arrive \(undelivered, Twilio error 30003\)\n/,
  );
});
