import { chatLauncherCopy, contactRequestErrors } from "@bluewater/content";
import { chatCopy } from "@bluewater/content/chat";
import type { Locator, Page } from "@playwright/test";
import { expect, expectSectionInView, gotoInteractive, photoInView, test } from "./fixtures.ts";

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} was not reached with the keyboard in ${limit} presses`);
}

test.describe("with the keyboard alone", () => {
  test("the skip link, the service dialog and the finishing gallery", async ({ page }) => {
    await gotoInteractive(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    const learnMore = page.getByRole("button", {
      name: "Learn more about Interior Basement Waterproofing",
    });
    await tabTo(page, learnMore);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Interior Basement Waterproofing" });
    await expect(dialog).toBeVisible();
    // A modal dialog makes the page behind it inert: Tab goes round its own controls and, past
    // the last, to the browser's own controls (the document keeps no focus), never to the page.
    const reached = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      reached.add(
        await dialog.evaluate((el) => {
          const focused = document.activeElement;
          if (focused === null || focused === document.body) return "the browser";
          if (focused === el) return "the dialog";
          return el.contains(focused)
            ? (focused.ariaLabel ?? focused.textContent ?? "")
            : "the page";
        }),
      );
    }
    expect(reached).not.toContain("the page");
    expect(reached).toContain("Close");
    expect(reached).toContain("Get Your Free Inspection Today");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(learnMore).toBeFocused();

    const galleryButton = page.getByRole("button", { name: "View Finishing Gallery" });
    await tabTo(page, galleryButton);
    await page.keyboard.press("Enter");
    const gallery = page.getByRole("dialog", { name: "Finished basement ideas" });
    await expect.poll(() => photoInView(gallery)).toBe("Photo 1 of 3");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => photoInView(gallery)).toBe("Photo 2 of 3");
    await page.keyboard.press("Escape");
    await expect(galleryButton).toBeFocused();
  });

  test("the contact form: fields in order, errors reached by focus", async ({ page }) => {
    await gotoInteractive(page);
    const name = page.getByLabel(/Full Name/);
    await tabTo(page, name);
    await page.keyboard.press("Enter");
    await expect(page.getByText(contactRequestErrors.nameRequired)).toBeVisible();
    await expect(name).toBeFocused();
    await page.keyboard.type("Jane Smith");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/Phone Number/)).toBeFocused();
    await page.keyboard.type("(586) 555-0123");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/Email Address/)).toBeFocused();
    await page.keyboard.type("jane@example");
    await page.keyboard.press("Tab");
    const service = page.getByLabel("Service Needed");
    await expect(service).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Describe Your Issue")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Request Free Inspection" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(contactRequestErrors.emailInvalid)).toBeVisible();
    await expect(page.getByLabel(/Email Address/)).toBeFocused();
  });

  test("the help chat: open, ask, close, back to the launcher", async ({ page }) => {
    await gotoInteractive(page);
    const launcher = page.getByRole("button", { name: chatLauncherCopy.launcherLabel });
    await tabTo(page, launcher, { backwards: true });
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: chatCopy.title });
    await expect(panel.getByLabel(chatCopy.inputLabel)).toBeFocused();
    await page.keyboard.type("Do you offer a warranty?");
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("log")).toContainText("lifetime transferable warranty");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
  });
});

test.describe("with the keyboard alone, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens, a section is chosen, and the menu closes", async ({ page }) => {
    await gotoInteractive(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const services = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services" });
    await tabTo(page, services);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expectSectionInView(page, "services");
  });
});
