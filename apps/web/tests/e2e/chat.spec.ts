import { type ChatTopic, chatCopy, chatLauncherCopy, chatRules } from "@bluewater/content/chat";
import type { Page } from "@playwright/test";
import { ask, chatMessages, openChat } from "./chatPage.ts";
import { expect, gotoInteractive, stopClock, test } from "./fixtures.ts";

const reply = (topic: ChatTopic) => chatRules.find((rule) => rule.topic === topic)?.reply ?? "";

/** Away from the launcher and from its tooltip (which sits to its left). */
async function moveAway(page: Page) {
  await page.mouse.move(1270, 60, { steps: 4 });
}

/** When the page marked itself hydrated, by the page's own clock; recorded from the start. */
async function recordHydrationTime(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement.dataset.hydrated) return;
      observer.disconnect();
      document.documentElement.dataset.hydratedAt = String(performance.now());
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
}

/** When the panel's code was requested, by the page's clock; null while it has not been. */
const panelCodeRequestedAt = (page: Page) =>
  page.evaluate(() => {
    const entry = performance
      .getEntriesByType("resource")
      .find((resource) => /\/ChatPanel-[^/]*\.js$/.test(resource.name));
    return entry ? entry.startTime : null;
  });

test.describe("the help chat", () => {
  test("opens as a non-modal panel with the greeting and the four quick questions", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await expect(panel).toHaveAttribute("aria-modal", "false");
    await expect(chatMessages(panel)).toHaveCount(1);
    await expect(panel.getByRole("log")).toContainText(chatCopy.greeting);
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
    await expect(chatMessages(panel)).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(chatMessages(panel).nth(1)).toHaveText(/How long does it take\?/);
    await expect(log.getByText(chatCopy.typing)).toBeAttached();
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeHidden();
    await page.clock.runFor(999);
    await expect(log).not.toContainText(reply("time"));
    await page.clock.runFor(1);
    await expect(chatMessages(panel).nth(2)).toContainText(reply("time"));
    await expect(log.getByText(chatCopy.typing)).not.toBeAttached();
  });

  test("shows a typed message at once and its answer 1000 ms later", async ({ page }) => {
    await page.clock.install();
    await gotoInteractive(page, { fakeClock: true });
    const panel = await openChat(page);
    await stopClock(page);
    await ask(panel, "are you licensed");
    await expect(chatMessages(panel)).toHaveCount(2);
    await expect(chatMessages(panel).nth(1)).toHaveText(/are you licensed/);
    await page.clock.runFor(999);
    await expect(chatMessages(panel)).toHaveCount(2);
    await page.clock.runFor(1);
    await expect(chatMessages(panel).nth(2)).toContainText(reply("experience"));
  });

  test("a quick question clicked twice is asked once", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await panel.getByRole("button", { name: "What's your warranty?" }).dblclick();
    await expect(panel.getByRole("log")).toContainText(reply("warranty"));
    await expect(chatMessages(panel).filter({ hasText: "What's your warranty?" })).toHaveCount(1);
  });

  test("ignores blank input and keeps the quick questions until a message is sent", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    const input = panel.getByLabel(chatCopy.inputLabel);
    await ask(panel, "   ");
    await expect(chatMessages(panel)).toHaveCount(1);
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeVisible();
    await ask(panel, "Is my basement FLOODING right now?");
    await expect(chatMessages(panel).nth(1)).toContainText("FLOODING");
    await expect(input).toHaveValue("");
    await expect(panel.getByRole("button", { name: "What's your warranty?" })).toBeHidden();
    await expect(chatMessages(panel).nth(2)).toContainText(reply("emergency"));
  });

  test("shows hostile text as text", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    const hostile = "<img src=x onerror=\"document.title='owned'\">";
    await ask(panel, hostile);
    await expect(chatMessages(panel).nth(1)).toContainText(hostile);
    await expect(panel.locator("img")).toHaveCount(0);
    expect(await page.title()).not.toBe("owned");
  });

  test("Escape closes the panel and gives focus back to the launcher; the talk is kept", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await panel.getByRole("button", { name: "What's your warranty?" }).click();
    await expect(panel.getByRole("log")).toContainText(reply("warranty"));
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    const launcher = page.getByRole("button", { name: chatLauncherCopy.launcherLabel });
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await launcher.click();
    await expect(panel.getByRole("log")).toContainText(reply("warranty"));
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

test.describe("the chat panel's code", () => {
  test("is not part of the first view: it arrives after hydration, untouched", async ({ page }) => {
    await recordHydrationTime(page);
    await gotoInteractive(page);
    await expect.poll(() => panelCodeRequestedAt(page), { timeout: 10_000 }).not.toBeNull();
    const hydratedAt = Number(
      await page.evaluate(() => document.documentElement.dataset.hydratedAt),
    );
    expect(await panelCodeRequestedAt(page)).toBeGreaterThanOrEqual(hydratedAt);
  });

  test.describe("on a page that never goes idle", () => {
    test.beforeEach(async ({ page }) => {
      // A phone busy with the page may not be idle for a long while; here it never is.
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
    });

    test("is fetched when the launcher gets focus", async ({ page }) => {
      await gotoInteractive(page);
      await page.waitForLoadState("networkidle");
      expect(await panelCodeRequestedAt(page)).toBeNull();
      await page.getByRole("button", { name: chatLauncherCopy.launcherLabel }).focus();
      await expect.poll(() => panelCodeRequestedAt(page)).not.toBeNull();
    });

    test.describe("on a touch screen", () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

      test("is fetched on the first tap, which opens the panel", async ({ page }) => {
        await gotoInteractive(page);
        await page.waitForLoadState("networkidle");
        expect(await panelCodeRequestedAt(page)).toBeNull();
        await page.getByRole("button", { name: chatLauncherCopy.launcherLabel }).tap();
        await expect(page.getByRole("dialog", { name: chatCopy.title })).toBeVisible();
        expect(await panelCodeRequestedAt(page)).not.toBeNull();
      });
    });
  });
});

test.describe("the launcher's tooltip", () => {
  test("opens after 700 ms of hover, and at once when re-entered within 300 ms", async ({
    page,
  }) => {
    await page.clock.install();
    await gotoInteractive(page, { fakeClock: true });
    const launcher = page.getByRole("button", { name: chatLauncherCopy.launcherLabel });
    await page.mouse.move(10, 300);
    // The tooltip's code loads on the first mouse move; it then wraps the launcher.
    await expect(launcher).toHaveAttribute("data-state", "closed");
    await stopClock(page);
    const tooltip = page.getByRole("tooltip");
    await launcher.hover();
    await page.clock.runFor(699);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(1);
    await expect(tooltip).toHaveText(chatLauncherCopy.tooltip);
    await moveAway(page);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(200);
    await launcher.hover();
    await expect(tooltip).toHaveText(chatLauncherCopy.tooltip);
    await moveAway(page);
    await page.clock.runFor(400);
    await launcher.hover();
    await page.clock.runFor(600);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(100);
    await expect(tooltip).toBeVisible();
  });
});
