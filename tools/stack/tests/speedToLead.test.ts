import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import postgres from "postgres";
import { localDefaults, localDelivererSecret } from "../src/env.ts";
import { postLead } from "../testing/postLead.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";
import { launchChromium } from "./support/chromium.ts";

/** The browser's own function, run in the page: the tools compile without the DOM's types. */
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };

/** One line of the log providers' outbox: an email or a text. */
type OutboxLine =
  | { channel: "email"; sentAt: string; message: { to: string; subject: string; text: string } }
  | { channel: "sms"; sentAt: string; message: { to: string; body: string } };

let stack: ThrowawayStack;
let sql: postgres.Sql;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  stack = await startThrowawayStack();
  sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
});

after(async () => {
  await browser?.close();
  await sql?.end();
  await stack?.dispose();
});

async function outbox(): Promise<OutboxLine[]> {
  const text = await readFile(join(stack.dataDir, "outbox.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** Reads the outbox until `found` holds, for at most `seconds`. */
async function outboxUntil(found: (lines: OutboxLine[]) => boolean, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const lines = await outbox();
    if (found(lines)) return lines;
    if (Date.now() > deadline) throw new Error(`not in the outbox after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

test("with JavaScript off, the alert's link shows the lead, and its button marks it as called", async () => {
  const leadId = await sendLead("Pat Rivers", "pat.stack@example.com");
  const lines = await outboxUntil(
    (all) => all.some((line) => line.channel === "sms" && line.message.body.includes(leadId)),
    5,
  );
  const text = lines.find((line) => line.channel === "sms" && line.message.body.includes(leadId));
  const link = /Mark called: (\S+)$/.exec(text?.channel === "sms" ? text.message.body : "")?.[1];
  assert.ok(link, "the text carries the link");

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
  try {
    await page.goto(link);
    await page.getByRole("heading", { name: "Did you call this lead?" }).waitFor();
    assert.equal(await page.getByText("Pat Rivers").isVisible(), true);
    assert.equal(await page.locator("a[href='tel:5865550123']").isVisible(), true);
    const button = page.getByRole("button", { name: "Mark as called" });
    // The inline style applied (its CSP hash matched): the button wears the site's amber.
    assert.equal(
      await button.evaluate((element) => getComputedStyle(element).backgroundColor),
      "rgb(245, 158, 11)",
    );
    const [opened] = await sql<{ contacted_at: Date | null }[]>`
      select contacted_at from public.contact_requests where id = ${leadId}`;
    assert.equal(opened?.contacted_at, null, "opening the link changed nothing");

    await button.click();
    await page.getByRole("heading", { name: "Marked as called" }).waitFor();
    const [marked] = await sql<{ contacted_at: Date | null; seconds_to_contact: number | null }[]>`
      select contacted_at, seconds_to_contact from public.contact_requests where id = ${leadId}`;
    assert.ok(marked?.contacted_at instanceof Date);
    assert.ok((marked?.seconds_to_contact ?? -1) >= 0);

    await page.goto(link);
    await page.getByRole("heading", { name: "Already marked as called" }).waitFor();
    assert.equal(await page.getByRole("button").count(), 0);
    assert.deepEqual(console, [], "no refusal by the page's policy, no error");
  } finally {
    await context.close();
  }
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
  // The stack's own deliverer runs on its schedule too and may come first: between it and these
  // two calls, the lead is escalated exactly once, whoever does it.
  const byTheseCalls = (await deliver()).escalated + (await deliver()).escalated;
  assert.ok(byTheseCalls <= 1, `escalated ${byTheseCalls} times by two calls`);
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
