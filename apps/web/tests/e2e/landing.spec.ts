import { services } from "@bluewater/content";
import { serviceOptions } from "@bluewater/content/contact";
import type { Locator } from "@playwright/test";
import {
  expect,
  expectLandedUnderTheBar,
  expectSectionInView,
  gotoInteractive,
  photoInView,
  sectionOrder,
  test,
} from "./fixtures.ts";

/**
 * Records the page's scroll position in each of the next `frames` frames, from the page's start
 * or from the next click, into `window.seen`. Runs in the page.
 */
function recordScrollPerFrame({ frames, from }: { frames: number; from: "load" | "click" }) {
  const seen: number[] = [];
  (window as unknown as { seen: number[] }).seen = seen;
  const sample = () => {
    seen.push(Math.round(scrollY));
    if (seen.length < frames) requestAnimationFrame(sample);
  };
  if (from === "load") requestAnimationFrame(sample);
  else
    addEventListener("click", () => requestAnimationFrame(sample), { capture: true, once: true });
}

test.describe("the landing page", () => {
  test("shows every section, in order, then the footer", async ({ page }) => {
    await gotoInteractive(page);
    // In the order a visitor scrolls through them: by where each is laid out, not by markup.
    const sections = await page
      .locator("main section, footer")
      .evaluateAll((parts) =>
        parts.map((part) => ({ id: part.id, top: part.getBoundingClientRect().top + scrollY })),
      );
    const byPosition = sections.toSorted((a, b) => a.top - b.top).map((part) => part.id);
    expect(byPosition).toEqual([...sectionOrder, ""]);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Dry basements and solid foundations for Southeast Michigan homes",
    );
  });

  test("each navigation link brings its section into view below the fixed bar", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, id] of [
      ["Contact", "contact"],
      ["Gallery", "gallery"],
      ["About", "about"],
      ["Services", "services"],
      ["Home", "home"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expectSectionInView(page, id);
    }
  });

  test("each of the footer's services brings its own card into view below the fixed bar", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoInteractive(page);
    const footerLinks = page.getByRole("contentinfo").getByRole("link");
    for (const service of services) {
      const label = serviceOptions.find((option) => option.value === service.option)?.label ?? "";
      await footerLinks.getByText(label, { exact: true }).click();
      // The card's title, read first: just under the bar, below the card's icon.
      const title = page.getByRole("heading", { level: 3, name: service.title, exact: true });
      await expectLandedUnderTheBar(page, title, 160, `"${service.title}" is under the bar`);
    }
  });

  for (const [label, name, scope] of [
    ["hero", "Schedule Free Inspection", "#home"],
    ["services", "Get Your Free Inspection Today", "#services"],
    ["testimonials", "Schedule Free Inspection", "#reviews"],
  ] as const) {
    test(`the ${label} call to action reaches the contact form`, async ({ page }) => {
      await gotoInteractive(page);
      await page.locator(scope).getByRole("link", { name, exact: true }).click();
      await expectSectionInView(page, "contact");
    });
  }

  test("the Call buttons dial the company", async ({ page }) => {
    await gotoInteractive(page);
    await expect(page.locator("header").getByRole("link", { name: /555-0142/ })).toHaveAttribute(
      "href",
      "tel:+18105550142",
    );
    await expect(
      page.locator("#home").getByRole("link", { name: "Call (810) 555-0142" }),
    ).toHaveAttribute("href", "tel:+18105550142");
  });

  test("a section link glides there, unless the visitor prefers reduced motion; an address with a section lands there at once", async ({
    page,
  }) => {
    /** The scroll positions of the 30 frames after a click: one value means a jump. */
    const framesAfterClick = async (link: Locator) => {
      await page.evaluate(recordScrollPerFrame, { frames: 30, from: "click" } as const);
      await link.click();
      await page.waitForFunction(() => (window as unknown as { seen: number[] }).seen.length >= 30);
      const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
      return new Set(seen.filter((y) => y > 0)).size;
    };
    await gotoInteractive(page);
    // Gliding starts once the page has loaded (see src/start/boot.ts).
    await page.locator("html.smooth-scroll").waitFor({ state: "attached" });
    const contact = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" });
    // A jump shows one position; a glide shows at least one more on the way. A starved CI
    // machine paints few frames of a glide, so more than that is not asked for.
    expect(await framesAfterClick(contact), "a position on the way").toBeGreaterThan(1);
    await expectSectionInView(page, "contact");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.evaluate(() => scrollTo(0, 0));
    expect(await framesAfterClick(contact), "one jump").toBe(1);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    // Every frame's position from the start of the load: a page opened at an anchor jumps there.
    await page.addInitScript(recordScrollPerFrame, { frames: 120, from: "load" } as const);
    // A new load, not a jump within the page the test already has open at #contact.
    await page.goto("about:blank");
    await page.goto("/#contact");
    await page.waitForFunction(() => (window as unknown as { seen: number[] }).seen.length >= 120);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(new Set(seen.filter((y) => y > 0)).size, "one jump, no glide").toBe(1);
  });

  test("the FAQ answers open without script and are in the HTML", async ({ page }) => {
    await gotoInteractive(page);
    const question = page.getByText("Is the inspection really free?");
    await question.click();
    await expect(page.getByText(/The inspection and the written quote cost nothing/)).toBeVisible();
  });
});

test.describe("service details", () => {
  test("'Learn More' opens what the service involves; Escape returns to the button", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const learnMore = page.getByRole("button", {
      name: "Learn more about Foundation Crack Repair",
    });
    await learnMore.click();
    const dialog = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("What the work involves")).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", /crack/i);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(learnMore).toBeFocused();
  });
});

test.describe("the finishing gallery", () => {
  test("opens an accessible dialog that pages through the three photos, round and round", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const opener = page.getByRole("button", { name: "View Finishing Gallery" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Finished basement ideas" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => photoInView(dialog)).toBe("Photo 1 of 3");
    const slide = (n: number) => dialog.getByRole("listitem").nth(n - 1);
    const entries = await page.evaluate(() => history.length);
    await slide(1).getByRole("link", { name: "Next photo" }).click();
    await expect.poll(() => photoInView(dialog)).toBe("Photo 2 of 3");
    await slide(2).getByRole("link", { name: "Previous photo" }).click();
    await expect.poll(() => photoInView(dialog)).toBe("Photo 1 of 3");
    await slide(1).getByRole("link", { name: "Previous photo" }).click();
    await expect.poll(() => photoInView(dialog)).toBe("Photo 3 of 3");
    await expect(dialog, "its own links leave it open").toBeVisible();
    expect(
      await page.evaluate(() => history.length),
      "paging adds no history entry, so Back leaves the page instead of paging back",
    ).toBe(entries);
    await dialog.getByRole("button", { name: "Close gallery" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
