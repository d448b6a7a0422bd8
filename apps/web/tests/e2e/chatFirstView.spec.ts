import {
  chatCopy,
  chatLauncherCopy,
  chatTiming,
  replyToChatMessage,
} from "@bluewater/content/chat";
import type { Page } from "@playwright/test";
import { ask, chatMessages } from "./chatPage.ts";
import {
  expect,
  expectSectionInView,
  gotoInteractive,
  holdAppChunks,
  hydrated,
  test,
} from "./fixtures.ts";

/**
 * The chat's first view: what the launcher opens before the app runs, or without it. Its quick
 * questions answer by themselves, and what the visitor asked there goes on in the app's panel.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const [question = "", , , emergency = ""] = chatCopy.quickQuestions;
const answer = replyToChatMessage(question).text;
const firstView = (page: Page) => page.locator("#help-chat-first-view");
const panel = (page: Page) => page.locator("#help-chat");
const launcher = (page: Page) => page.getByRole("button", { name: chatLauncherCopy.launcherLabel });
const chatPanelChunk = /\/assets\/ChatPanel-.+\.js$/;

/** Opens the first view and asks its first quick question; resolves when it was tapped. */
async function askInTheFirstView(page: Page): Promise<number> {
  await launcher(page).tap();
  await expect(firstView(page).getByText(chatCopy.greeting)).toBeVisible();
  for (const quick of chatCopy.quickQuestions) {
    await expect(firstView(page).getByText(quick), "every question, no scrolling").toBeInViewport({
      ratio: 1,
    });
  }
  await firstView(page).getByText(question).tap();
  return Date.now();
}

/** The app's panel in the first view's place, with the greeting, the question asked there and one answer. */
async function expectThePanelGoesOn(page: Page) {
  await expect(panel(page)).toBeVisible();
  await expect(firstView(page)).toBeHidden();
  const messages = chatMessages(panel(page));
  await expect(messages.nth(1)).toContainText(question);
  await expect(messages.nth(2)).toContainText(answer);
  await expect(messages, "the greeting, the question, one answer").toHaveCount(3);
  return messages;
}

test.describe("without JavaScript", () => {
  test.use({ ...phone, javaScriptEnabled: false });

  test("a quick question is answered after 'Typing…', with the call and the form beneath", async ({
    page,
  }) => {
    await page.goto("/");
    const asked = await askInTheFirstView(page);
    const view = firstView(page);
    const typing = view.getByText(chatCopy.typing).filter({ visible: true });
    await expect(typing, "one reply on its way").toHaveCount(1);
    await expect(view.getByText(answer)).toBeVisible();
    expect(Date.now() - asked, "as late as the app's chat answers").toBeGreaterThanOrEqual(
      chatTiming.quickQuestionDelayMs + chatTiming.replyDelayMs - 50,
    );
    await expect(typing).toHaveCount(0);
    await expect(
      view.getByText(chatCopy.quickQuestions[1] ?? ""),
      "the other questions go, as in the app's panel",
    ).toBeHidden();
    const steps = view.getByRole("group", { name: "Next steps" }).filter({ visible: true });
    await expect(steps, "the answer's next steps").toHaveCount(1);
    await expect(steps.getByRole("link", { name: /Call/ })).toHaveAttribute("href", /^tel:/);
    await steps.getByRole("link", { name: /Request a free inspection/ }).click();
    await expectSectionInView(page, "contact");
  });

  test("the emergency question's answer gives the phone number", async ({ page }) => {
    await page.goto("/");
    await launcher(page).tap();
    await firstView(page).getByText(emergency).tap();
    const reply = firstView(page).getByText(replyToChatMessage(emergency).text);
    await expect(reply).toBeVisible();
    await expect(reply).toContainText("(810) 555-0142");
    await firstView(page).getByRole("button", { name: chatCopy.close }).tap();
    await expect(firstView(page), "its ✕ closes it").toBeHidden();
  });
});

test.describe("before the app runs, on a phone", () => {
  test.use(phone);

  test("a quick question answered in the first view goes on in the app's chat, answered once", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await askInTheFirstView(page);
    await expect(firstView(page).getByText(answer)).toBeVisible();
    chunks.release();
    await hydrated(page);
    const messages = await expectThePanelGoesOn(page);
    expect(
      await page.evaluate(() => document.activeElement?.tagName),
      "no keyboard raised over the answer being read",
    ).not.toBe("INPUT");
    await ask(panel(page), "do you fix bowing walls");
    await expect(messages).toHaveCount(5);
    await expect(messages.nth(4)).toContainText(replyToChatMessage("do you fix bowing walls").text);
  });

  test("a quick question still on its way when the app takes over is answered by the app, once, after 'Typing…'", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await askInTheFirstView(page);
    // The boot script notes when the question was opened, on the page's clock: the app goes on from
    // there (src/start/README.md).
    const opened = firstView(page).locator("details[open]");
    const openedAgo = await opened.evaluate(
      (details: HTMLElement) => performance.now() - Number(details.dataset.openedAt),
    );
    expect(openedAgo, "opened by the tap, a moment ago").toBeGreaterThanOrEqual(0);
    expect(openedAgo).toBeLessThan(10_000);
    // However long this machine takes to start the app, the app finds the question just opened, so
    // it surely takes over mid-wait; its own timer then brings the answer.
    await opened.evaluate((details: HTMLDetailsElement) => {
      const fresh = () => {
        details.dataset.openedAt = String(performance.now());
        if (details.open) requestAnimationFrame(fresh);
      };
      fresh();
    });
    chunks.release();
    await expect(panel(page)).toBeVisible();
    const messages = chatMessages(panel(page));
    await expect(messages.nth(1)).toContainText(question);
    await expect(
      panel(page).getByText(chatCopy.typing),
      "the answer still on its way",
    ).toBeVisible();
    await expectThePanelGoesOn(page);
    await page.waitForTimeout(chatTiming.replyDelayMs + 500);
    await expect(messages, "still one answer").toHaveCount(3);
  });

  test("a quick question asked while the panel's code is still on its way is kept", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    const panelCode = await holdAppChunks(page, chatPanelChunk);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await launcher(page).tap();
    chunks.release();
    await hydrated(page);
    await expect(firstView(page), "still waiting for the panel").toBeVisible();
    await firstView(page).getByText(question).tap();
    panelCode.release();
    await expectThePanelGoesOn(page);
  });

  test("a tap on the launcher while the first view waits for the panel closes the chat", async ({
    page,
  }) => {
    const panelCode = await holdAppChunks(page, chatPanelChunk);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await launcher(page).tap();
    await hydrated(page);
    await expect(firstView(page), "still waiting for the panel").toBeVisible();
    await launcher(page).tap();
    await expect(firstView(page)).toBeHidden();
    panelCode.release();
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(panel(page), "the visitor closed the chat").toBeHidden();
  });

  test("an answer's way to the form closes the first view, and the app does not open the chat", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await askInTheFirstView(page);
    await firstView(page)
      .getByRole("link", { name: /Request a free inspection/ })
      .tap();
    await expectSectionInView(page, "contact");
    await expect(firstView(page)).toBeHidden();
    chunks.release();
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await expect(panel(page)).toBeHidden();
    await expect(firstView(page)).toBeHidden();
  });
});

test.describe("when the chat's code cannot be loaded", () => {
  test.use(phone);

  test("the launcher opens the first view, whose quick questions still answer", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/Failed to load resource|dynamically imported module/);
    await page.route(chatPanelChunk, (route) => route.abort());
    await gotoInteractive(page);
    await askInTheFirstView(page);
    await expect(firstView(page).getByText(answer)).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });
});
