import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect, type Database } from "@bluewater/postgres/client";
import { localDefaults, localDelivererSecret } from "../src/env.ts";
import { postLead } from "../testing/postLead.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";
import { type OutboxLine, outbox as outboxOf, outboxUntil as until } from "./support/outbox.ts";

let stack: ThrowawayStack;
let sql: Database;

before(async () => {
  stack = await startThrowawayStack();
  sql = connect(stack.databaseUrl);
});

after(async () => {
  await sql?.end();
  await stack?.dispose();
});

const outbox = () => outboxOf(stack.dataDir);
const outboxUntil = (found: (lines: OutboxLine[]) => boolean, seconds: number) =>
  until(stack.dataDir, found, seconds);

async function sendLead(name: string, email: string): Promise<string> {
  const response = await postLead(stack.functionsUrl, {
    name,
    email,
    phone: "(586) 555-0123",
    service: "interior",
    message: `Water by the stairs ${crypto.randomUUID()}`,
    elapsedMs: 15_000,
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { id: string }).id;
}

const ownerAddress = localDefaults.NOTIFY_TO ?? "leads@example.com";
const ownerPhone = localDefaults.NOTIFY_SMS_TO ?? "";

test("a lead reaches the owner by email and SMS and the homeowner by email within seconds", async () => {
  const sent = Date.now();
  const leadId = await sendLead("Dana Homeowner", "dana.stack@example.com");
  const lines = await outboxUntil(
    (all) =>
      all.some((line) => line.channel === "email" && line.message.text.includes(leadId)) &&
      all.some((line) => line.channel === "sms" && line.message.body.includes(leadId)) &&
      all.some((line) => line.channel === "email" && line.message.to === "dana.stack@example.com"),
    5,
  );
  const owner = lines.find(
    (line) => line.channel === "email" && line.message.text.includes(leadId),
  );
  const text = lines.find((line) => line.channel === "sms" && line.message.body.includes(leadId));
  assert.equal(owner?.message.to, ownerAddress);
  assert.equal(text?.message.to, ownerPhone);
  for (const line of lines) assert.ok(Date.parse(line.sentAt) - sent < 5000, "within seconds");
});

test("an unmarked lead whose time ran out is escalated on every channel, once", async () => {
  const leadId = await sendLead("Eve Waiting", "eve.stack@example.com");
  // Its 15 minutes of business hours are over (the deliverer's own clock is the real one).
  await sql`
    update public.contact_requests set escalation_due_at = now() - interval '1 minute'
    where id = ${leadId}`;
  const deliver = async () => {
    const response = await fetch(`${stack.functionsUrl}/deliver`, {
      method: "POST",
      headers: { "x-deliverer-secret": localDelivererSecret },
    });
    assert.equal(response.status, 200);
    return (await response.json()) as { escalated: number };
  };
  // The lead's own alerts are still being recorded in the background, and each record locks the
  // lead's row a moment: a deliverer skips a locked lead (SKIP LOCKED) and escalates it on its
  // next run, as Supabase Cron's next minute would. So run it until the lead is escalated; it is
  // escalated once however many runs it takes, and no run after that escalates it again.
  let escalated = 0;
  for (const deadline = Date.now() + 10_000; escalated === 0 && Date.now() < deadline; ) {
    escalated += (await deliver()).escalated;
  }
  assert.equal(escalated, 1, "escalated once within 10 s of runs");
  const escalations = (lines: OutboxLine[]) =>
    lines.filter((line) =>
      line.channel === "sms"
        ? line.message.body.startsWith("NOT CALLED YET:") && line.message.body.includes(leadId)
        : line.message.subject.startsWith("Not called yet:") && line.message.text.includes(leadId),
    );
  const lines = await outboxUntil((found) => escalations(found).length >= 2, 10);
  assert.deepEqual(
    escalations(lines)
      .map((line) => line.channel)
      .sort(),
    ["email", "sms"],
  );
  // And no later run sends it again.
  assert.equal((await deliver()).escalated, 0);
  assert.equal(escalations(await outbox()).length, 2);
});
