import { strict as assert } from "node:assert";
import type { ContactNotificationRow } from "../../functions/_shared/tableRows.ts";
import { renderLeadEmail } from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import { deliverPendingNotifications } from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  deliveryContext,
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

const minute = 60_000;

Deno.test("the lead is stored before the email, and a provider outage loses nothing", async (t) => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  const config = resendTestConfig(resend.baseUrl, {
    NOTIFY_MAX_ATTEMPTS: "3",
    NOTIFY_RETRY_BASE_SECONDS: "60",
    // Half an hour passes on this clock; escalation is escalation.test.ts's subject.
    ESCALATE_AFTER_MINUTES: "600",
  });
  const provider = createEmailProvider(config.notify);
  const start = new Date("2026-05-04T12:00:00Z");
  let clock = start;
  const { handle, settle } = startHandler({ db: database.db, config, provider, now: () => clock });
  const mailbox = { from: config.notify.from, to: config.notify.to };
  const deliverAt = (at: Date) =>
    deliverPendingNotifications(database.db, at, deliveryContext(config, { email: provider }));
  const submit = async (overrides: Record<string, unknown> = {}) => {
    const response = await handle(postRequest(validSubmission(overrides)));
    assert.equal(response.status, 200);
    const { id } = await readJson(response);
    await settle();
    return String(id);
  };
  const queueOf = async (leadId: string) => {
    const [row] = await database.sql<
      (Pick<
        ContactNotificationRow,
        | "status"
        | "attempts"
        | "next_attempt_at"
        | "last_error"
        | "delivered_at"
        | "provider_message_id"
      > & { lead_status: string })[]
    >`
      select n.status, n.attempts, n.next_attempt_at, n.last_error, n.delivered_at, n.provider_message_id,
        r.status as lead_status
      from public.contact_notifications n join public.contact_requests r on r.id = n.contact_request_id
      where r.id = ${leadId} and n.kind = 'alert-email'`;
    assert.ok(row, "the lead has a queued owner email");
    return row;
  };
  const emailsFor = (leadId: string) =>
    resend.emails.filter((email) => String(email.body.text).includes(leadId));

  try {
    await t.step("the company's email goes out in Resend's documented shape", async () => {
      const leadId = await submit({
        name: "Pat Rivers",
        service: "crawlspace",
        email: "pat@example.org",
      });
      const [email] = emailsFor(leadId);
      assert.ok(email);
      assert.equal(email.body.from, config.notify.from);
      assert.deepEqual(email.body.to, [config.notify.to]);
      assert.equal(email.body.reply_to, "pat@example.org");
      assert.equal(email.body.subject, "New inspection request: Pat Rivers — Crawl Space Repair");
      for (const part of [String(email.body.text), String(email.body.html)]) {
        for (const value of [
          "Pat Rivers",
          "(586) 555-0123",
          "pat@example.org",
          "Crawl Space Repair",
          "north wall",
        ]) {
          assert.ok(part.includes(value), `${value} in the email`);
        }
      }
      assert.match(String(email.idempotencyKey), /^contact-notification\/[0-9a-f-]{36}$/);
      const queued = await queueOf(leadId);
      assert.equal(queued.status, "delivered");
      assert.equal(queued.lead_status, "notified");
      assert.equal(queued.provider_message_id, email.id);
      assert.ok(queued.delivered_at instanceof Date);
    });

    let outageLead = "";
    await t.step(
      "with the provider down the visitor still gets 200 and the lead is stored and queued",
      async () => {
        resend.setMode("down");
        outageLead = await submit();
        const queued = await queueOf(outageLead);
        assert.equal(queued.status, "pending");
        assert.equal(queued.lead_status, "new");
        assert.equal(queued.attempts, 1);
        assert.match(String(queued.last_error), /resend 500 internal_server_error/);
        assert.equal((queued.next_attempt_at as Date).getTime(), start.getTime() + minute);
        assert.equal(emailsFor(outageLead).length, 0);
      },
    );

    await t.step("it is not retried before its backoff has passed", async () => {
      resend.setMode("up");
      const requests = resend.requests;
      assert.deepEqual(await deliverAt(new Date(start.getTime() + 30_000)), {
        delivered: 0,
        retrying: 0,
        failed: 0,
      });
      assert.equal(resend.requests, requests);
    });

    await t.step("when the provider recovers it is delivered exactly once", async () => {
      assert.equal(
        (await deliverAt(new Date(start.getTime() + minute))).delivered,
        2,
        "the owner's email and the homeowner's acknowledgment",
      );
      assert.equal((await deliverAt(new Date(start.getTime() + 60 * minute))).delivered, 0);
      assert.equal(emailsFor(outageLead).length, 1);
      assert.equal((await queueOf(outageLead)).lead_status, "notified");
    });

    await t.step(
      "retries back off exponentially, and after the last attempt the lead is marked failed",
      async () => {
        resend.setMode("down");
        const leadId = await submit();
        let at = start.getTime() + minute;
        assert.deepEqual(await deliverAt(new Date(at)), { delivered: 0, retrying: 1, failed: 0 });
        assert.equal((await queueOf(leadId)).next_attempt_at.getTime(), at + 2 * minute);
        at += 2 * minute;
        assert.deepEqual(await deliverAt(new Date(at)), { delivered: 0, retrying: 0, failed: 1 });
        const queued = await queueOf(leadId);
        assert.equal(queued.status, "failed");
        assert.equal(queued.attempts, 3);
        assert.equal(queued.lead_status, "notification_failed");
        assert.equal(
          (await deliverAt(new Date(at + 24 * 60 * minute))).failed,
          0,
          "a failed notification waits for a person",
        );
      },
    );

    await t.step("a request the provider rejects is not retried blindly", async () => {
      resend.setMode("rejecting");
      const queued = await queueOf(await submit());
      assert.equal(queued.status, "failed");
      assert.equal(queued.attempts, 1);
      assert.match(String(queued.last_error), /422 validation_error/);
    });

    await t.step("two deliverers running at once never send one notification twice", async () => {
      resend.setMode("down");
      const leads = [
        await submit(),
        await submit(),
        await submit(),
        await submit(),
        await submit(),
      ];
      resend.setMode("up");
      const later = new Date(start.getTime() + 10 * minute);
      const reports = await Promise.all([deliverAt(later), deliverAt(later), deliverAt(later)]);
      assert.equal(
        reports.reduce((sum, report) => sum + report.delivered, 0),
        5,
      );
      for (const leadId of leads) assert.equal(emailsFor(leadId).length, 1);
    });

    await t.step(
      "a send whose deliverer died is taken over after its lease and not emailed twice",
      async () => {
        resend.setMode("up");
        const leadId = await submit();
        const [row] = await database.sql<{ id: string; created_at: Date }[]>`
        select n.id, r.created_at from public.contact_notifications n
        join public.contact_requests r on r.id = n.contact_request_id where r.id = ${leadId}`;
        assert.ok(row);
        // The first deliverer sent the email, then died before recording it.
        await database.sql`
        update public.contact_notifications
        set status = 'sending', locked_until = ${new Date(start.getTime() + 2 * minute)}, delivered_at = null
        where id = ${row.id}`;
        const sentBefore = emailsFor(leadId).length;
        assert.equal(
          (await deliverAt(new Date(start.getTime() + minute))).delivered,
          0,
          "the lease still holds",
        );
        assert.equal((await deliverAt(new Date(start.getTime() + 3 * minute))).delivered, 1);
        assert.equal(
          emailsFor(leadId).length,
          sentBefore,
          "the Idempotency-Key kept it to one email",
        );
        const resent = renderLeadEmail(
          {
            id: leadId,
            created_at: row.created_at,
            name: "x",
            email: "x@example.com",
            phone: "1",
            service: "",
            message: "",
          },
          mailbox,
        );
        assert.equal(
          (await provider.send(resent, `contact-notification/${row.id}`)).ok,
          false,
          "another body under the same key is refused",
        );
      },
    );

    await t.step(
      "the scheduled endpoint needs the deliverer secret and reports what it did",
      async () => {
        const refused = await handle(new Request(`${functionUrl}/deliver`, { method: "POST" }));
        assert.equal(refused.status, 401);
        await refused.body?.cancel();
        resend.setMode("down");
        const leadId = await submit();
        resend.setMode("up");
        clock = new Date(start.getTime() + 30 * minute);
        const response = await handle(
          new Request(`${functionUrl}/deliver`, {
            method: "POST",
            headers: { "x-deliverer-secret": "test-deliverer-secret" },
          }),
        );
        assert.equal(response.status, 200);
        const report = await readJson(response);
        assert.equal(report.delivered, 1);
        assert.equal(emailsFor(leadId).length, 1);
      },
    );
  } finally {
    await settle();
    await resend.close();
    await database.close();
  }
});
