import type { Page } from "@playwright/test";
import {
  expect,
  holdAppChunks,
  hydrated,
  notFoundStatusLog,
  test,
  visitorActs,
} from "./fixtures.ts";

/**
 * What a visitor does while the app is still starting: scrolls, reloads, comes back, follows a
 * deep link. The app's own code is held back by the test until the visitor has acted, so each
 * test really acts before hydration however fast or slow the machine is, and the CPU runs 4x
 * slower, as on a mid-range phone.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function slowCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Gives the app time to do anything it might do after hydrating (effects, router events). */
async function settle(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))),
  );
}

test.describe("while the app starts on a slow phone", () => {
  test.use(phone);

  test("a position scrolled to before hydration is kept", async ({ page }) => {
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.mouse.wheel(0, 1600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1500);
    const before = await scrollY(page);
    expect(await page.locator("html[data-hydrated]").count(), "still before hydration").toBe(0);
    chunks.release();
    await settle(page);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(1);
  });

  test("a reload lands where the visitor was and stays there", async ({ page }) => {
    await page.goto("/");
    await visitorActs(page);
    await hydrated(page);
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(4900);
    const before = await scrollY(page);
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.reload({ waitUntil: "load" });
    await expect.poll(() => scrollY(page), { message: "the browser restores it" }).toBe(before);
    chunks.release();
    await settle(page);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(1);
  });

  test("a reload puts the visitor back at the same words, with the page laid out whole", async ({
    page,
  }) => {
    // What is at the middle of the screen: its section, and where in it.
    const inView = () =>
      page.evaluate(() => {
        const middle = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
        const section = middle?.closest("section");
        return {
          section: section?.id,
          offset: Math.round(innerHeight / 2 - (section?.getBoundingClientRect().top ?? 0)),
        };
      });
    await page.goto("/");
    await visitorActs(page);
    await hydrated(page);
    await page.mouse.wheel(0, 9000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(8900);
    const before = await inView();
    await slowCpu(page);
    await page.reload({ waitUntil: "load" });
    await expect.poll(inView, { message: "the same words in view" }).toEqual(before);
    await settle(page);
    expect(await inView()).toEqual(before);
  });

  test("coming back to the page returns to the same place", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(notFoundStatusLog);
    expectConsoleError(/non-existent route: \/not-a-page/);
    await page.goto("/");
    await visitorActs(page);
    await hydrated(page);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(2900);
    const before = await scrollY(page);
    await page.goto("/not-a-page");
    await visitorActs(page);
    await hydrated(page);
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goBack({ waitUntil: "load" });
    expect(await page.locator("html[data-hydrated]").count(), "a fresh load, not a restore").toBe(
      0,
    );
    await expect.poll(() => scrollY(page)).toBe(before);
    chunks.release();
    await settle(page);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(1);
  });

  test("a deep link to a section, and the visitor's own scrolling from it, are kept", async ({
    page,
  }) => {
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/#faq", { waitUntil: "load" });
    const top = () =>
      page.evaluate(() => document.getElementById("faq")?.getBoundingClientRect().top);
    await expect.poll(top).toBeLessThan(100);
    const landed = await scrollY(page);
    expect(landed).toBeGreaterThan(1000);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(landed + 250);
    const before = await scrollY(page);
    chunks.release();
    await settle(page);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(1);
  });
});

test("on a fast desktop, scrolling in the first moment is not undone", async ({ page }) => {
  const chunks = await holdAppChunks(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1100);
  const before = await scrollY(page);
  chunks.release();
  await settle(page);
  expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(1);
});

test.describe("taps while the app starts on a slow phone", () => {
  test.use(phone);

  test("the menu opened before hydration stays open and is then the app's", async ({ page }) => {
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toBeVisible();
    chunks.release();
    await settle(page);
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("a tap on the chat launcher before hydration opens the chat once the app runs", async ({
    page,
  }) => {
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open help chat" }).click();
    const firstView = page.locator("#help-chat-first-view");
    await expect(firstView, "the chat's first view, in the HTML").toBeVisible();
    chunks.release();
    await settle(page);
    await expect(page.locator("#help-chat")).toBeVisible();
    await expect(firstView).toBeHidden();
  });

  test("a tap on 'Learn More' before hydration opens its details at once; the app keeps them open and takes their request", async ({
    page,
  }) => {
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).tap();
    const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await expect(details).toBeVisible();
    chunks.release();
    await hydrated(page);
    await expect(details).toBeVisible();
    await details.getByRole("link", { name: "Get Your Free Inspection Today" }).tap();
    await expect(details).toBeHidden();
    await expect(page.getByLabel("Service Needed")).toHaveValue("foundation");
    await expect(page.getByLabel(/Full Name/)).toBeFocused();
  });

  test("the chat offer stays on screen until the chat panel replaces it: no frame shows neither", async ({
    page,
  }) => {
    // What each frame shows, from the page's first frame on: the offer, the panel, both or neither.
    await page.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { chatFrames: string[] }).chatFrames = frames;
      const shown = (id: string) => {
        const element = document.getElementById(id);
        return element?.checkVisibility() === true && element.offsetHeight > 0;
      };
      const record = () => {
        const offer = shown("help-chat-first-view") ? "offer" : "";
        const panel = shown("help-chat") ? "panel" : "";
        frames.push(offer + panel || "neither");
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await slowCpu(page);
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open help chat" }).tap();
    await expect(page.locator("#help-chat-first-view")).toBeVisible();
    chunks.release();
    await expect(page.locator("#help-chat")).toBeVisible();
    // The recorder notes a frame at the next animation frame: wait until it has seen the panel.
    const recorded = () =>
      page.evaluate(() => (window as unknown as { chatFrames: string[] }).chatFrames);
    await expect
      .poll(async () => (await recorded()).some((frame) => frame.includes("panel")))
      .toBe(true);
    const frames = await recorded();
    const fromTheOffer = frames.slice(frames.findIndex((frame) => frame.includes("offer")));
    const untilThePanel = fromTheOffer.slice(
      0,
      fromTheOffer.findIndex((frame) => frame.includes("panel")) + 1,
    );
    expect(untilThePanel.at(-1), "the panel came").toContain("panel");
    expect(
      untilThePanel.filter((frame) => frame === "neither"),
      `frames from the offer to the panel: ${untilThePanel.length}`,
    ).toEqual([]);
  });
});
