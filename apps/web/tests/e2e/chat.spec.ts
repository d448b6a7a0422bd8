import { chatCopy, chatRules } from "@bluewater/content/chat";
import type { Page } from "@playwright/test";
import { expect, gotoInteractive, stopClock, test } from "./fixtures.ts";

const reply = (topic: string) => chatRules.find((rule) => rule.topic === topic)?.reply ?? "";

/** Away from the launcher and from its tooltip (which sits to its left). */
async function moveAway(page: Page) {
  await page.mouse.move(1270, 60, { steps: 4 });
}

async function openChat(page: Page) {
  await page.getByRole("button", { name: chatCopy.launcherLabel }).click();
  const panel = page.getByRole("dialog", { name: chatCopy.title });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe("the help chat", () => {
  test("opens as a non-modal panel with the greeting and the four quick questions", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await expect(panel).toHaveAttribute("aria-modal", "false");
    const log = panel.getByRole("log");
    await expect(log.locator(":scope > p")).toHaveCount(1);
    await expect(log).toContainText(chatCopy.greeting);
    for (const question of chatCopy.quickQuestions) {
      await expect(panel.getByRole("button", { name: question })).toBeVisible();
    }
    await expect(panel.getByLabel(chatCopy.inputLabel)).toBeFocused();
  });

  test("sends a quick question after 100 ms and answers 1000 ms later, typing meanwhile", async ({
    page,
  }) => {
    await page.clock.install();
    await gotoInteractive(page, { fakeClock: true });
    const panel = await openChat(page);
    await stopClock(page);
    await panel.getByRole("button", { name: "How long does it take?" }).click();
    const log = panel.getByRole("log");
    await page.clock.runFor(99);
    await expect(log.locator(":scope > p")).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(log.locator(":scope > p").nth(1)).toContainText("How long does it take?");
    await expect(log.getByText(chatCopy.typing)).toBeAttached();
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeHidden();
    await page.clock.runFor(999);
    await expect(log).not.toContainText(reply("time"));
    await page.clock.runFor(1);
    await expect(log).toContainText(reply("time"));
    await expect(log.getByText(chatCopy.typing)).not.toBeAttached();
  });

  test("a quick question clicked twice is asked once", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await panel.getByRole("button", { name: "What's your warranty?" }).dblclick();
    const log = panel.getByRole("log");
    await expect(log).toContainText(reply("warranty"), { timeout: 3000 });
    await expect(
      log.locator(":scope > p").filter({ hasText: "What's your warranty?" }),
    ).toHaveCount(1);
  });

  test("shows a typed message at once and ignores blank input", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    const input = panel.getByLabel(chatCopy.inputLabel);
    const log = panel.getByRole("log");
    await input.fill("   ");
    await input.press("Enter");
    await expect(log.locator(":scope > p")).toHaveCount(1);
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeVisible();
    await input.fill("Is my basement FLOODING an emergency?");
    await input.press("Enter");
    await expect(log.locator(":scope > p").nth(1)).toContainText("FLOODING");
    await expect(input).toHaveValue("");
    await expect(log).toContainText(reply("emergency"), { timeout: 3000 });
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeHidden();
  });

  test("Escape closes the panel and gives focus back to the launcher; the talk is kept", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await panel.getByRole("button", { name: "What's your warranty?" }).click();
    await expect(panel.getByRole("log")).toContainText(reply("warranty"), { timeout: 3000 });
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    const launcher = page.getByRole("button", { name: chatCopy.launcherLabel });
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await launcher.click();
    await expect(panel.getByRole("log")).toContainText(reply("warranty"));
  });

  test("its code loads only when the panel is first opened", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoInteractive(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.some((path) => path.includes("ChatPanel"))).toBe(false);
    await openChat(page);
    expect(scripts.some((path) => path.includes("ChatPanel"))).toBe(true);
  });

  test("steps aside when the visitor focuses a field it covers", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoInteractive(page);
    const field = page.getByLabel(/Full Name/);
    await field.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    const panel = await openChat(page);
    await field.focus();
    await expect(panel).toBeHidden();
    await expect(field).toBeFocused();
  });
});

test.describe("the launcher's tooltip", () => {
  test("opens after 700 ms of hover, and at once when re-entered within 300 ms", async ({
    page,
  }) => {
    await page.clock.install();
    await gotoInteractive(page, { fakeClock: true });
    const launcher = page.getByRole("button", { name: chatCopy.launcherLabel });
    await page.mouse.move(10, 300);
    // The tooltip's code loads on the first mouse move; it then wraps the launcher.
    await expect(launcher).toHaveAttribute("data-state", "closed");
    await stopClock(page);
    const tooltip = page.getByRole("tooltip");
    await launcher.hover();
    await page.clock.runFor(699);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(1);
    await expect(tooltip).toHaveText(chatCopy.tooltip);
    await moveAway(page);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(200);
    await launcher.hover();
    await expect(tooltip).toHaveText(chatCopy.tooltip);
    await moveAway(page);
    await page.clock.runFor(400);
    await launcher.hover();
    await page.clock.runFor(600);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(100);
    await expect(tooltip).toBeVisible();
  });
});
