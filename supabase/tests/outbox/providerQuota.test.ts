import { strict as assert } from "node:assert";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  postRequest,
  readJson,
  resendTestConfig,
  resendTestKey,
  startHandler,
  uniqueAddress,
  validSubmission,
} from "../support/harness.ts";
import { startResendFake } from "../support/resendFake.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const hour = 60 * minute;

Deno.test("a stranger who spends the email quota only delays a real lead's email, never loses it", async (t) => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  const config = resendTestConfig(resend.baseUrl);
  let clock = new Date("2026-05-04T12:00:00Z").getTime();
  const { handle, settle, deliver, backgroundErrors } = startHandler({
    db: database.db,
    config,
    provider: createEmailProvider(config.notify),
    now: () => new Date(clock),
  });
  const submit = async (address: string) => {
    const response = await handle(postRequest(validSubmission(), { address }));
    assert.equal(response.status, 200);
    return String((await readJson(response)).id);
  };
  /** The scheduled deliverer every 15 minutes, for `span` of the fake clock. */
  const deliverFor = async (span: number) => {
    for (const end = clock + span; clock < end; clock += 15 * minute) {
      await deliver();
      await settle();
    }
  };
  const ownerEmailOf = async (lead: string) => {
    const [row] = await database.sql<
      { id: string; status: string; attempts: number; last_error: string }[]
    >`
      select id::text, status, attempts, last_error from public.contact_notifications
      where contact_request_id = ${lead} and kind = 'alert-email'`;
    return row;
  };
  /** The lead's alert emails the provider sent (its escalations are others). */
  const alertsSent = async (lead: string) => {
    const key = `contact-notification/${(await ownerEmailOf(lead))?.id}`;
    return resend.emails.filter((email) => email.idempotencyKey === key).length;
  };

  try {
    let homeowners: string[] = [];
    await t.step(
      "past the quota a stranger's leads used up, a real lead's alert waits with the reason",
      async () => {
        const stranger = uniqueAddress();
        for (let lead = 0; lead < 5; lead += 1) await submit(stranger);
        await settle();
        resend.setQuota(resend.emails.length);
        homeowners = [await submit(uniqueAddress()), await submit(uniqueAddress())];
        await settle();
        // Ten hours: eight attempts, spent, would have failed it for good within the first.
        await deliverFor(10 * hour);
        for (const lead of homeowners) {
          const email = await ownerEmailOf(lead);
          assert.equal(email?.status, "pending", String(email?.last_error));
          assert.equal(email?.attempts, 0, "no attempt is spent on the provider's quota");
          assert.match(email?.last_error ?? "", /resend 429 daily_quota_exceeded/);
          assert.equal(await alertsSent(lead), 0);
        }
      },
    );

    await t.step("once the quota comes back, each goes out within the hour, once", async () => {
      resend.setQuota(undefined);
      await deliverFor(hour);
      for (const lead of homeowners) {
        assert.equal((await ownerEmailOf(lead))?.status, "delivered");
        assert.equal(await alertsSent(lead), 1);
        const [row] = await database.sql<{ status: string }[]>`
          select status from public.contact_requests where id = ${lead}`;
        assert.equal(row?.status, "notified");
      }
      assert.deepEqual(backgroundErrors, []);
    });
  } finally {
    await settle();
    await resend.close();
    await database.close();
  }
});
