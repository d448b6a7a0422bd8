import { strict as assert } from "node:assert";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  functionUrl,
  postRequest,
  readJson,
  resendTestConfig,
  resendTestKey,
  startHandler,
  validSubmission,
} from "../support/harness.ts";
import { startResendFake } from "../support/resendFake.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const second = 1000;
const minute = 60 * second;

Deno.test("a minute-long email outage while leads keep coming: each lead is emailed exactly once", async (t) => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  // The default policy: retries after 30 s, 60 s, 2 min…; the local deliverer runs every 15 s.
  const config = resendTestConfig(resend.baseUrl);
  const start = new Date("2026-05-04T12:00:00Z").getTime();
  let clock = start;
  const { handle, settle, backgroundErrors } = startHandler({
    db: database.db,
    config,
    provider: createEmailProvider(config.notify),
    now: () => new Date(clock),
  });
  const leads: string[] = [];
  const submit = async () => {
    const response = await handle(postRequest(validSubmission({ name: `Lead ${leads.length}` })));
    assert.equal(response.status, 200, "the visitor never sees the outage");
    leads.push(String((await readJson(response)).id));
  };
  const deliver = async () => {
    const response = await handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": "test-deliverer-secret" },
      }),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
  };
  /** Fake time passes in 5 s steps: two leads per step, the deliverer on every third. */
  const runUntil = async (end: number, leadsArrive: boolean) => {
    while (clock < end) {
      clock += 5 * second;
      const work = leadsArrive ? [submit(), submit()] : [];
      if ((clock - start) % (15 * second) === 0) work.push(deliver());
      await Promise.all(work);
      await settle();
    }
  };
  const queue = () =>
    database.sql<
      { id: string; kind: string; status: string; last_error: string | null; lead_status: string }[]
    >`
      select n.id::text, n.kind, n.status, n.last_error, r.status as lead_status
      from public.contact_notifications n join public.contact_requests r on r.id = n.contact_request_id`;
  // Every lead writes from one address: it gets one acknowledgment, the owner one email a lead.
  const ownerEmails = () =>
    resend.emails.filter(
      (email) => JSON.stringify(email.body.to) === JSON.stringify([config.notify.to]),
    );

  try {
    await t.step("before the outage, leads are emailed as they arrive", async () => {
      await runUntil(start + 20 * second, true);
      assert.equal(ownerEmails().length, leads.length);
    });

    await t.step(
      "during a minute of 500s, lost answers and refused connections, leads are stored and queued",
      async () => {
        const waitingWith = async (error: RegExp) =>
          (await queue()).filter(
            (row) => row.status === "pending" && error.test(String(row.last_error)),
          ).length;
        resend.setMode("down");
        await runUntil(start + 40 * second, true);
        assert.ok((await waitingWith(/resend 500/)) >= 3, "the queue shows the 500s");
        // Resend sends, but its answer never arrives: the function cannot know it went out.
        resend.setMode("answerLost");
        await runUntil(start + 60 * second, true);
        assert.ok((await waitingWith(/resend 504/)) >= 3, "and the lost answers");
        resend.setMode("up");
        await resend.refuseConnections();
        await runUntil(start + 80 * second, true);
        assert.ok((await waitingWith(/resend unreachable/)) >= 3, "and the refusals");
      },
    );

    await t.step(
      "after recovery, every queued notification goes out within five minutes",
      async () => {
        resend.acceptConnections();
        await runUntil(start + 100 * second, true);
        await runUntil(start + 80 * second + 5 * minute, false);
        const rows = await queue();
        assert.equal(rows.filter((row) => row.kind === "alert-email").length, leads.length);
        assert.equal(rows.filter((row) => row.kind === "acknowledgment").length, 1);
        for (const row of rows) {
          assert.equal(row.status, "delivered", `${row.id}: ${row.last_error}`);
          assert.equal(row.lead_status, "notified");
        }
      },
    );

    await t.step(
      "none lost and none twice: one email per notification's Idempotency-Key",
      async () => {
        const perKey = new Map<string, number>();
        for (const email of resend.emails) {
          perKey.set(
            String(email.idempotencyKey),
            (perKey.get(String(email.idempotencyKey)) ?? 0) + 1,
          );
        }
        const rows = await queue();
        assert.equal(resend.emails.length, rows.length);
        for (const row of rows) assert.equal(perKey.get(`contact-notification/${row.id}`), 1);
        for (const leadId of leads) {
          const forLead = resend.emails.filter((email) => String(email.body.text).includes(leadId));
          assert.equal(forLead.length, 1, `emails for lead ${leadId}`);
        }
        assert.deepEqual(backgroundErrors, []);
      },
    );
  } finally {
    await settle();
    await resend.close();
    await database.close();
  }
});
