import { strict as assert } from "node:assert";
import {
  notificationPlanFor,
  storeLead,
} from "../../functions/send-contact-email/intake/leadStore.ts";
import { countingStatements } from "../support/countingStatements.ts";
import { testConfig } from "../support/harness.ts";
import { newLead } from "../support/sampleLead.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });

Deno.test("a new lead is stored in eight round trips, its locks taken in one of them", async () => {
  const database = await startTestDatabase();
  try {
    const { db, statements } = countingStatements(database.db);
    const stored = await storeLead(db, newLead(), config.rateLimit, notificationPlanFor(config));
    assert.equal(stored.kind, "created");
    const locks = statements.filter((text) => text.includes("pg_advisory_xact_lock"));
    assert.equal(locks.length, 1, "every lock in one statement");
    // begin, the locks, the known leads, the rate limit, the lead, the acknowledgment's rule, the
    // notifications, commit.
    assert.equal(statements.length, 8, statements.join("\n---\n"));
    const [queued] = await database.sql<{ count: number }[]>`
      select count(*)::int from public.contact_notifications`;
    assert.ok((queued?.count ?? 0) >= 2, "the lead's notifications were queued with it");
  } finally {
    await database.close();
  }
});
