import { chatCopy, chatLauncherCopy } from "@bluewater/content/chat";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Opens the help chat with the launcher and returns its panel. */
export async function openChat(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: chatLauncherCopy.launcherLabel }).click();
  const panel = page.getByRole("dialog", { name: chatCopy.title });
  await expect(panel).toBeVisible();
  await expect(
    page.locator("#help-chat-first-view"),
    "the chat's first view, for visitors without the app, stays closed once the app runs",
  ).toBeHidden();
  return panel;
}

/** Every message in the log, the greeting first; the typing dots are not a message. */
export const chatMessages = (panel: Locator): Locator =>
  panel.getByRole("log").locator(":scope > div");

/** Types a question into the chat and sends it with Enter, as a visitor would. */
export async function ask(panel: Locator, question: string): Promise<void> {
  const input = panel.getByLabel(chatCopy.inputLabel);
  await input.fill(question);
  await input.press("Enter");
}
