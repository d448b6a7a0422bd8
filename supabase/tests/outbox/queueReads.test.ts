import { strict as assert } from "node:assert";
import { decideAcknowledgments } from "../../functions/send-contact-email/outbox/acknowledgmentPolicy.ts";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import { logProvider } from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import { decideTexts } from "../../functions/send-contact-email/outbox/textBudget.ts";
import {
  connectDatabase,
  type Database,
} from "../../functions/send-contact-email/platform/database.ts";
import { deliveryContext, testConfig } from "../support/harness.ts";
import { endFlushed, type Reads, rowsRead } from "../support/rowsRead.ts";
import { newLead, storeNewLead } from "../support/sampleLead.ts";
import { startTestDatabase, type TestDatabase } from "../support/testDatabase.ts";

// Budgets out of reach: every lead is texted and acknowledged, as in a busy hour's worst case.
const config = testConfig({
  NOTIFY_SMS_TO: "+15865550100",
  NOTIFY_SMS_MAX_PER_HOUR: "100000",
  ACKNOWLEDGMENT_MAX_PER_HOUR: "100000",
  ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR: "100000",
});
const context = deliveryContext(config, { email: logProvider({ print: false }) });

/** One visitor's lead, stored as the submit route stores it: each from an address of its own. */
function store(db: Database, visitor: number, now: Date): Promise<string> {
  return storeNewLead(db, config, now, {
    clientAddressHash: visitor.toString(16).padStart(32, "0"),
    request: { ...newLead().request, email: `visitor${visitor}@example.com` },
  });
}

/** A lead's notifications sent by its fast lane, as the submit route sends them. */
async function send(db: Database, leadId: string, now: Date): Promise<void> {
  const report = await deliverPendingNotifications(db, now, context, { contactRequestId: leadId });
  assert.deepEqual(report, { delivered: 3, retrying: 0, failed: 0 });
}

/**
 * What one lead reads, stored and sent, but for its budgets' decisions: those count the hour's
 * texts and acknowledgments, once per run for all the leads that came meanwhile
 * (outbox/decisionLanes.ts), and are decided here first, apart.
 */
async function readsOfOneLead(database: TestDatabase, visitor: number): Promise<Reads> {
  const tables = ["contact_requests", "contact_notifications"];
  const now = new Date();
  let leadId = "";
  const storing = await rowsRead(database.url, database.sql, tables, async (db) => {
    leadId = await store(db, visitor, now);
  });
  await rowsRead(database.url, database.sql, tables, async (db) => {
    await decideTexts(db, config.sms.to[0] ?? "", now, config.sms.maxPerHour);
    await decideAcknowledgments(db, now, {
      perHour: config.acknowledgmentsPerHour,
      perClientPerHour: config.acknowledgmentsPerClientPerHour,
    });
  });
  const sending = await rowsRead(database.url, database.sql, tables, (db) => send(db, leadId, now));
  const by = { ...storing.by };
  for (const [name, more] of Object.entries(sending.by)) by[name] = (by[name] ?? 0) + more;
  return { total: storing.total + sending.total, by };
}

/** `count` more visitors, five at a time, each stored, emailed, texted and acknowledged. */
async function flood(database: TestDatabase, from: number, count: number): Promise<void> {
  const visitors = connectDatabase(database.url, 5);
  for (let next = from; next < from + count; next += 5) {
    await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const now = new Date();
        await send(visitors, await store(visitors, next + i, now), now);
      }),
    );
  }
  await endFlushed(visitors, database.sql);
}

Deno.test("what a lead reads of the queue does not grow with the leads before it", async () => {
  const database = await startTestDatabase();
  try {
    // Autovacuum would count and clean the tables at a moment of its own, its reads among the
    // lead's: the test chooses the moments, before and after the tables are counted.
    await database.sql`alter table public.contact_requests set (autovacuum_enabled = false)`;
    await database.sql`alter table public.contact_notifications set (autovacuum_enabled = false)`;
    const reads: Record<string, Reads> = { first: await readsOfOneLead(database, 0) };
    // In a flood the planner meets the tables before autovacuum has counted them, and after.
    await flood(database, 1, 300);
    reads["after 300"] = await readsOfOneLead(database, 301);
    await flood(database, 302, 900);
    reads["after 1,200"] = await readsOfOneLead(database, 1202);
    await database.sql`analyze public.contact_requests, public.contact_notifications`;
    reads["after 1,200, analyzed"] = await readsOfOneLead(database, 1203);
    // Before, the mailbox check read every acknowledgment of the day with its lead, the fast lane
    // every text ever queued, and its wait for a budget every row ever due: a thousand and more
    // after 300 leads. What is left is the planner's own look at the indexes' ends.
    const most = Math.max(...Object.values(reads).map((read) => read.total));
    assert.ok(
      most <= (reads.first?.total ?? 0) + 40,
      `rows and index entries read: ${JSON.stringify(reads, null, 1)}`,
    );
  } finally {
    await database.close();
  }
});
