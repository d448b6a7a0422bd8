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
