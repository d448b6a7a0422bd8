import AxeBuilder from "@axe-core/playwright";
import { proofBand } from "@bluewater/content";
import { replyToChatMessage } from "@bluewater/content/chat";
import { expect, gotoInteractive, holdAppChunks, notFoundStatusLog, test } from "./fixtures.ts";

const scan = (page: import("@playwright/test").Page) =>
  new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);

/** Lazy images render blank until scrolled to; scroll once so axe sees the whole page. */
async function revealEverything(page: import("@playwright/test").Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
}

const describeViolation = (violation: { id: string; nodes: { target: unknown }[] }) =>
  `${violation.id}: ${violation.nodes.map((node) => String(node.target)).join(", ")}`;

test.describe("accessibility (axe-core)", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`the landing page has no violations on ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoInteractive(page);
      await revealEverything(page);
      const { violations } = await scan(page).analyze();
      expect(violations.map(describeViolation)).toEqual([]);
    });
  }

  test("the open mobile menu has no violations", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const { violations } = await scan(page).analyze();
    expect(violations.map(describeViolation)).toEqual([]);
  });

  test("an open service dialog has no violations", async ({ page }) => {
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Learn more about Drainage Systems" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const { violations } = await scan(page).analyze();
    expect(violations.map(describeViolation)).toEqual([]);
  });

  test("the open help chat, mid-conversation, has no violations", async ({ page }) => {
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Open help chat" }).click();
    const panel = page.getByRole("dialog", { name: "Blue Water Help" });
    await panel.getByRole("button", { name: "Do you handle emergencies?" }).click();
    await expect(panel.getByRole("log")).toContainText("24/7");
    const { violations } = await scan(page).analyze();
    expect(violations.map(describeViolation)).toEqual([]);
  });

  test("the chat's first view, before the app, a question answered, has no violations", async ({
    page,
  }) => {
    await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open help chat" }).click();
    const firstView = page.locator("#help-chat-first-view");
    await firstView.getByText("Do you handle emergencies?").click();
    await expect(
      firstView.getByText(replyToChatMessage("Do you handle emergencies?").text),
    ).toBeVisible();
    const { violations } = await scan(page).analyze();
    expect(violations.map(describeViolation)).toEqual([]);
  });

  test("the 404 page has no violations", async ({ page, expectConsoleError }) => {
    expectConsoleError(/non-existent route/);
    expectConsoleError(notFoundStatusLog);
    await gotoInteractive(page, { path: "/missing" });
    const { violations } = await scan(page).analyze();
    expect(violations.map(describeViolation)).toEqual([]);
  });

  test("the proof band's figures are read in the order they are seen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoInteractive(page);
    const figures = page.getByRole("region", { name: proofBand.heading }).getByRole("listitem");
    await expect(figures).toHaveText(proofBand.items.map((item) => `${item.value} ${item.label}`));
    // What is read first is drawn first: each figure's parts, in reading order, go down the band.
    for (const figure of await figures.all()) {
      const tops = await figure
        .locator("> *")
        .evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect().top));
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
    }
  });
});
