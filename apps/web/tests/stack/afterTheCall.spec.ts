import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { businessHours } from "@bluewater/content/hours";
import { localDelivererSecret } from "@bluewater/stack/env";
import { ownerReportFigures } from "@bluewater/supabase/owner-report";
import { expect, reviewUrl, type StackFixture, test } from "./stackFixture.ts";

/**
 * Issue 37's whole story on the stack (real function, real PostgreSQL, the built site in
 * Chromium): a visit from a tagged Google ad sends a request; the owner marks it called, then
 * inspected, quoted, won and job done on the owner's page; the homeowner is asked for a review 2
 * hours later and reminded 5 days after; the report's source row, `pnpm leads sources --csv`,
 * `pnpm leads conversions` and the outbox say exactly that. The 2 hours and 5 days pass by moving
 * the stored times back, then calling the deliverer as Supabase Cron does.
 */

const campaign = `after-call-${randomUUID().slice(0, 8)}`;
const clickId = `Cj0KCQ-${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const homeowner = `${campaign}@example.com`;
const root = new URL("../../../../", import.meta.url).pathname;

/** Every message the log provider wrote for this test's lead: the channel, to whom, the subject. */
async function sent(backend: StackFixture, leadId: string) {
  const text = await readFile(join(backend.stack.dataDir, "outbox.jsonl"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.includes(leadId) || line.includes(homeowner))
    .map(
      (line) => JSON.parse(line) as { channel: string; message: { to: string; subject?: string } },
    )
    .map(({ channel, message }) => ({ channel, to: message.to, subject: message.subject }));
}

async function deliver(backend: StackFixture): Promise<Record<string, unknown>> {
  const response = await fetch(`${backend.stack.functionsUrl}/deliver`, {
    method: "POST",
    headers: { "x-deliverer-secret": localDelivererSecret },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** `pnpm leads <args>` against the stack's database, as the owner runs it. */
async function leads(backend: StackFixture, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=@bluewater/source", join(root, "tools/leads/src/leads.ts"), ...args],
    { env: { ...process.env, DATABASE_URL: backend.stack.databaseUrl } },
  );
  return stdout;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a lead from a tagged ad, called, inspected, quoted, won and done, is asked for a review and reminded, and every report says so", async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=${clickId}`);
  await page.getByLabel(/Full Name/).fill("Avery Adwords");
  await page.getByLabel(/Phone Number/).fill("(586) 555-0137");
  await page.getByLabel(/Email Address/).fill(homeowner);
  await page.waitForTimeout(2100);
  await page.getByRole("button", { name: "Request Free Inspection" }).tap();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Inspection Requested!"),
  ).toBeVisible();
  const [lead] = await backend.sql`
    select id, gclid from public.contact_requests where utm_campaign = ${campaign}`;
  const leadId = String(lead?.id);
  expect(lead?.gclid).toBe(clickId);

  // The owner's page, from the alert's link.
  let link = "";
  await expect(async () => {
    const emails = (await backend.outbox()) as Array<{ message?: { text?: string } }>;
    const text = emails.find((email) => email.message?.text?.includes(leadId))?.message?.text;
    link = /Mark the lead as called: (\S+)/.exec(text ?? "")?.[1] ?? "";
    expect(link).not.toBe("");
  }).toPass();
  await page.goto(link);
  await page.getByRole("button", { name: "Mark as called" }).tap();
  const steps = page.getByRole("region", { name: "After the call" });
  const status = steps.getByRole("status");
  await steps.getByRole("button", { name: "Inspected", exact: true }).tap();
  await expect(status).toHaveText("Marked: Inspected.");
  await steps.getByLabel("Quote, in dollars").fill("4800");
  await steps.getByRole("button", { name: "Quoted", exact: true }).tap();
  await expect(status).toHaveText("Marked: Quoted $4,800.");
  await steps.getByLabel("Price of the job, in dollars").fill("4650.50");
  await steps.getByRole("button", { name: "Won", exact: true }).tap();
  await expect(status).toHaveText("Marked: Won $4,650.50.");
  await steps.getByRole("button", { name: "Job done", exact: true }).tap();
  await expect(status).toHaveText("Marked: Job done.");

  // Two hours later: the review request; five days after it arrived: the reminder.
  expect((await deliver(backend)).reviews).toBe(0);
  await backend.sql`
    update public.lead_outcomes set at = at - interval '2 hours 1 minute'
    where contact_request_id = ${leadId} and step = 'job-done'`;
  expect((await deliver(backend)).reviews).toBe(1);
  expect((await deliver(backend)).reviews).toBe(0);
  await backend.sql`
    update public.contact_notifications set delivered_at = delivered_at - interval '5 days 1 minute'
    where contact_request_id = ${leadId} and kind = 'review-request'`;
  expect((await deliver(backend)).reviews).toBe(1);
  expect((await deliver(backend)).reviews).toBe(0);

  // The outbox, exactly: the lead's alerts and acknowledgment (sent at once, in any order), then
  // the request, then the reminder.
  const messages = await sent(backend, leadId);
  const bySubject = (entries: typeof messages) =>
    [...entries].sort((a, b) =>
      `${a.channel}${a.subject}`.localeCompare(`${b.channel}${b.subject}`),
    );
  expect(bySubject(messages.slice(0, 3))).toEqual([
    {
      channel: "email",
      to: "owner@example.com",
      subject: "New inspection request: Avery Adwords — Not chosen",
    },
    {
      channel: "email",
      to: homeowner,
      subject: "We received your inspection request | Blue Water Waterproofing",
    },
    { channel: "sms", to: expect.stringMatching(/^\+1\d{10}$/), subject: undefined },
  ]);
  expect(messages.slice(3)).toEqual([
    { channel: "email", to: homeowner, subject: "How did we do? | Blue Water Waterproofing" },
    {
      channel: "email",
      to: homeowner,
      subject: "A minute for a review? | Blue Water Waterproofing",
    },
  ]);
  const review = (await readFile(join(backend.stack.dataDir, "outbox.jsonl"), "utf8"))
    .split("\n")
    .find((line) => line.includes("How did we do?"));
  expect(review).toContain(reviewUrl);
  expect(
    (
      await backend.sql`
        select kind, status from public.contact_notifications
        where contact_request_id = ${leadId} order by created_at, kind`
    ).map((row) => ({ ...row })),
  ).toEqual([
    { kind: "acknowledgment", status: "delivered" },
    { kind: "alert-email", status: "delivered" },
    { kind: "alert-sms", status: "delivered" },
    { kind: "review-request", status: "delivered" },
    { kind: "review-reminder", status: "delivered" },
  ]);

  // Only this test's leads, so the figures are this story's alone.
  await backend.sql`delete from public.contact_requests where utm_campaign is distinct from ${campaign}`;
  const now = Date.now();
  const report = await ownerReportFigures(
    (text, params) => backend.sql.unsafe(text, [...params] as string[]),
    { from: new Date(now - 7 * 86_400_000), to: new Date(now + 60_000) },
    businessHours.timeZone,
  );
  const [source, ...others] = report.current.revenue;
  expect(others).toEqual([]);
  expect(source?.[0]).toBe("Google Ads");
  expect({ ...source?.[1], medianDaysToWon: undefined }).toEqual({
    leads: 1,
    called: 1,
    inspected: 1,
    won: 1,
    revenueCents: 465_050,
    closeRate: 1,
    medianDaysToWon: undefined,
  });
  expect(source?.[1].medianDaysToWon).toBeLessThan(0.01);
  expect(report.current.reviews).toEqual({ requested: 1, reminded: 1, optedOut: 0 });

  expect(await leads(backend, "sources", "--csv", "--days", "7")).toBe(
    '"source","leads","called","inspected","won","revenue","close_rate","median_days_to_won"\r\n' +
      '"Google Ads","1","1","1","1","4650.50","1.0000","0.0"\r\n',
  );
  const [won] = await backend.sql`
    select to_char(at at time zone ${businessHours.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local,
      to_char(at at time zone ${businessHours.timeZone}, 'YYYY-MM-DD') as day
    from public.lead_outcomes where contact_request_id = ${leadId} and step = 'won'`;
  const offset = new Intl.DateTimeFormat("en-US", {
    timeZone: businessHours.timeZone,
    timeZoneName: "longOffset",
  })
    .format(new Date())
    .replace(/^.*GMT/, "");
  expect(await leads(backend, "conversions", "--since", String(won?.day))).toBe(
    '"Google Click ID","Conversion Name","Conversion Time","Conversion Value","Conversion Currency"\r\n' +
      `"${clickId}","Won job","${won?.local}${offset}","4650.50","USD"\r\n`,
  );
});
