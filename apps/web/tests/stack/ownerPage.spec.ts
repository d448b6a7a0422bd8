import AxeBuilder from "@axe-core/playwright";
import { localPublishableKey } from "@bluewater/stack/env";
import type { Page } from "@playwright/test";
import { expect, type StackFixture, test } from "./stackFixture.ts";

/**
 * The owner's page (`/contacted/`), reached from a lead's email against the stack (its gateway
 * answers as `<ref>.supabase.co`), held to the same accessibility rules as the landing page.
 * Its whole walk is tools/stack/tests/ownerPage.test.ts.
 */

const scan = (page: Page) =>
  new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);

const describeViolation = (violation: { id: string; nodes: { target: unknown }[] }) =>
  `${violation.id}: ${violation.nodes.map((node) => String(node.target)).join(", ")}`;

/** A lead sent from the site's origin, and the mark-called link of its owner email. */
async function leadLink(backend: StackFixture): Promise<string> {
  const response = await fetch(backend.stack.functionsUrl, {
    method: "POST",
    headers: {
      apikey: localPublishableKey,
      "content-type": "application/json",
      origin: backend.siteUrl,
    },
    body: JSON.stringify({
      name: "Robin Axe",
      phone: "(586) 555-0190",
      email: "robin.axe@example.com",
      service: "drainage",
      message: `Standing water by the sump pump ${crypto.randomUUID()}.`,
      elapsedMs: 20_000,
    }),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  let link: string | undefined;
  await expect(async () => {
    const emails = (await backend.outbox()) as Array<{ message?: { text?: string } }>;
    const text = emails.find((email) => email.message?.text?.includes(id))?.message?.text;
    link = /Mark the lead as called: (\S+)/.exec(text ?? "")?.[1];
    expect(link).toBeDefined();
  }).toPass();
  return link ?? "";
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the owner's page has no violations, showing the lead and once it is marked", async ({
  page,
  backend,
}) => {
  await page.goto(await leadLink(backend));
  await expect(page.getByRole("heading", { name: "Did you call this lead?" })).toBeVisible();
  expect((await scan(page).analyze()).violations.map(describeViolation)).toEqual([]);
  await page.getByRole("button", { name: "Mark as called" }).tap();
  await expect(page.getByRole("heading", { name: "Marked as called" })).toBeFocused();
  expect((await scan(page).analyze()).violations.map(describeViolation)).toEqual([]);
});

test("after the call, each step is one tap on the owner's page, stored with its time, and undone", async ({
  page,
  backend,
}) => {
  const link = await leadLink(backend);
  const leadId = /#([0-9a-f-]{36})\./.exec(link)?.[1] ?? "";
  await page.goto(link);
  await page.getByRole("button", { name: "Mark as called" }).tap();
  const steps = page.getByRole("region", { name: "After the call" });
  await expect(steps.getByText("Nothing marked after the call yet.")).toBeVisible();
  const status = steps.getByRole("status");

  await steps.getByRole("button", { name: "Inspected", exact: true }).tap();
  await expect(status).toHaveText("Marked: Inspected.");
  await expect(steps.getByRole("button", { name: "Undo Inspected" })).toBeFocused();
  await expect(steps.getByRole("button", { name: "Inspected ✓" })).toBeDisabled();

  // No amount typed: nothing is sent, and the page says what is missing.
  await steps.getByRole("button", { name: "Quoted", exact: true }).tap();
  await expect(status).toHaveText(/Type the amount in dollars first/);
  await expect(steps.getByLabel("Quote, in dollars")).toBeFocused();
  await steps.getByLabel("Quote, in dollars").fill("4,800");
  await steps.getByRole("button", { name: "Quoted", exact: true }).tap();
  await expect(status).toHaveText("Marked: Quoted $4,800.");
  await steps.getByRole("button", { name: "Undo Quoted $4,800" }).tap();
  await expect(status).toHaveText("Undone: Quoted $4,800.");
  await expect(steps.getByRole("button", { name: "Quoted", exact: true })).toBeFocused();
  await steps.getByLabel("Quote, in dollars").fill("5200");
  await steps.getByRole("button", { name: "Quoted", exact: true }).tap();
  await expect(status).toHaveText("Marked: Quoted $5,200.");

  const lost = steps.getByRole("group", { name: "Lost: why?" });
  await lost.getByRole("button", { name: "Timing", exact: true }).tap();
  await expect(status).toHaveText("Marked: Lost: Timing.");
  await expect(lost.getByRole("button", { name: "Timing ✓" })).toBeDisabled();
  await expect(lost.getByRole("button", { name: "Price", exact: true })).toBeDisabled();
  await steps.getByRole("button", { name: "Undo Lost: Timing" }).tap();
  await expect(status).toHaveText("Undone: Lost: Timing.");

  await steps.getByLabel("Price of the job, in dollars").fill("5200.50");
  await steps.getByRole("button", { name: "Won", exact: true }).tap();
  await expect(status).toHaveText("Marked: Won $5,200.50.");
  await steps.getByRole("button", { name: "Job done", exact: true }).tap();
  await expect(status).toHaveText("Marked: Job done.");
  expect((await scan(page).analyze()).violations.map(describeViolation)).toEqual([]);

  // The same link opened again shows the marks, in step order.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Already marked as called" })).toBeVisible();
  await expect(steps.getByRole("listitem")).toHaveText([
    /^Inspected · /,
    /^Quoted \$5,200 · /,
    /^Won \$5,200\.50 · /,
    /^Job done · /,
  ]);
  const rows = await backend.sql`
    select step, amount_cents, lost_reason, undone_at is not null as undone
    from public.lead_outcomes where contact_request_id = ${leadId} order by id`;
  expect(rows.map((row) => ({ ...row }))).toEqual([
    { step: "inspected", amount_cents: null, lost_reason: null, undone: false },
    { step: "quoted", amount_cents: 480000, lost_reason: null, undone: true },
    { step: "quoted", amount_cents: 520000, lost_reason: null, undone: false },
    { step: "lost", amount_cents: null, lost_reason: "timing", undone: true },
    { step: "won", amount_cents: 520050, lost_reason: null, undone: false },
    { step: "job-done", amount_cents: null, lost_reason: null, undone: false },
  ]);
});
