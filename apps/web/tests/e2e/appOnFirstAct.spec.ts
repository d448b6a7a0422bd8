import { contactToasts } from "@bluewater/content";
import type { Page } from "@playwright/test";
import { appChunk, expect, holdAppChunks, test } from "./fixtures.ts";

/**
 * The page is whole without its app, so the app is sent to a visitor who does something: one who
 * only reads the first screen costs their phone no script, and the first touch, scroll, key or
 * mouse move starts it at once (src/start/boot.ts). With the app comes the code of what the
 * visitor reached for.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The address of every request for one of the app's chunks, from the page's opening on. */
function recordChunkRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (appChunk.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
}

/** How many requests for the app's chunks were made, from the page's opening on. */
function countChunkRequests(page: Page): () => number {
  const requested = recordChunkRequests(page);
  return () => requested.length;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** When each /assets/ script was first requested, by the page's clock, and the first paint. */
const requestTimes = (page: Page) =>
  page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name.replace(/.*\/assets\//, ""), at: entry.startTime })),
  }));

/** When the page marked itself hydrated, by its own clock (recorded from the start). */
async function recordHydration(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.dataset.hydrated) return;
      observer.disconnect();
      performance.mark("hydrated");
    }).observe(document, { subtree: true, attributeFilter: ["data-hydrated"] });
  });
  return () =>
    page.evaluate(() => performance.getEntriesByName("hydrated")[0]?.startTime ?? Number.NaN);
}

test.describe("on a phone", () => {
  test.use(phone);

  test("a visitor who only reads is sent no script at all; 'Learn More' opens its details at once, and the app its tap starts keeps them open", async ({
    page,
  }) => {
    const chunkRequests = countChunkRequests(page);
    await page.goto("/", { waitUntil: "load" });
    // Past the 3 s after which the page once started its app unasked: nothing arrives.
    await page.waitForTimeout(5000);
    expect(chunkRequests(), "app chunks asked for while the visitor only read").toBe(0);
    expect((await requestTimes(page)).scripts).toEqual([]);

    const chunks = await holdAppChunks(page);
    const learnMore = page.getByRole("button", {
      name: /Learn more about Foundation Crack Repair/,
    });
    await learnMore.scrollIntoViewIfNeeded();
    await learnMore.tap();
    const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await expect(details, "open while the app's code is held back").toBeVisible();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    chunks.release();
    await hydrated(page);
    await expect(details).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
    await expect(learnMore, "focus returns to the button that opened it").toBeFocused();
  });

  test("a first scroll brings the app at once", async ({ page }) => {
    const chunkRequests = countChunkRequests(page);
    await page.goto("/", { waitUntil: "load" });
    await page.mouse.wheel(0, 600);
    await hydrated(page);
    const { firstPaint, scripts } = await requestTimes(page);
    expect(chunkRequests()).toBeGreaterThan(0);
    expect(Math.min(...scripts.map((script) => script.at)) - firstPaint).toBeLessThan(3000);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(500);
  });

  test("a first tap on the chat launcher brings the chat panel's code with the app", async ({
    page,
  }) => {
    const hydratedAt = await recordHydration(page);
    await page.goto("/", { waitUntil: "load" });
    await page.getByRole("button", { name: "Open help chat" }).tap();
    // The app's panel, which takes the place of the chat's first view the tap opened.
    await expect(page.locator("#help-chat")).toBeVisible();
    const panel = (await requestTimes(page)).scripts.find((s) => s.name.startsWith("ChatPanel-"));
    expect(panel?.at, "asked for before the app had started").toBeLessThan(await hydratedAt());
  });

  test("a first tap in the form brings the sending code with the app", async ({ page }) => {
    const hydratedAt = await recordHydration(page);
    // Held until the tap, so the app cannot have started by the time the field is reached.
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "load" });
    await page.getByLabel(/Full Name/).tap();
    chunks.release();
    await hydrated(page);
    await expect
      .poll(async () =>
        (await requestTimes(page)).scripts.find((s) => s.name.startsWith("sendingCode-")),
      )
      .toBeDefined();
    const sending = (await requestTimes(page)).scripts.find((s) =>
      s.name.startsWith("sendingCode-"),
    );
    expect(sending?.at, "asked for before the app had started").toBeLessThan(await hydratedAt());
  });

  test("a visitor already in the form when the app starts has the sending code in place before they press Send", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "load" });
    await page.getByLabel(/Full Name/).tap();
    await page.keyboard.type("Jane Smith");
    chunks.release();
    await hydrated(page);
    // The toasts' region comes with the sending code; no other act since the app started.
    await expect(
      page.getByRole("region", { name: new RegExp(contactToasts.regionLabel) }),
    ).toBeAttached();
  });

  test("while the visitor fills in the form, no code they did not ask for is fetched; it comes once they pause", async ({
    page,
  }) => {
    const scripts = recordChunkRequests(page);
    const ahead = /\/(ChatPanel|LauncherTooltip)-/;
    // The visitor is in the form when the app starts: its code waits until their tap has put the
    // cursor in Full Name (on a loaded host the focus could land after the app had started).
    const chunks = await holdAppChunks(page);
    await page.goto("/", { waitUntil: "load" });
    const name = page.getByLabel(/Full Name/);
    await name.tap();
    await expect(name).toBeFocused();
    chunks.release();
    await hydrated(page);
    // A key every second for 4 s: the app's idle work, asked for at hydration, comes due within
    // 3 s of it at the latest.
    for (const key of "Jane") {
      await page.keyboard.type(key);
      await page.waitForTimeout(1000);
    }
    expect(scripts.filter((url) => ahead.test(url))).toEqual([]);

    // The visitor stops typing (their field keeps the focus): 5 s later the work goes.
    await expect
      .poll(() => scripts.some((url) => url.includes("/ChatPanel-")), { timeout: 15_000 })
      .toBe(true);
    expect(
      scripts.some((url) => url.includes("/LauncherTooltip-")),
      "a phone has no tooltip",
    ).toBe(false);
  });

  test("a first tap on plain text starts the app", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    const heading = page.getByRole("heading", { level: 1 });
    const box = await heading.boundingBox();
    if (!box) throw new Error("the hero's heading has no box");
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await hydrated(page);
  });

  test("a page opened at a section (already scrolled) starts the app without another act", async ({
    page,
  }) => {
    await page.goto("/#faq", { waitUntil: "load" });
    await hydrated(page);
  });
});

test("on a computer, the first key press starts the app, and the key does what it always did", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "load" });
  await page.keyboard.press("Tab");
  await hydrated(page);
  const focused = await page.evaluate(() => document.activeElement?.tagName);
  expect(focused, "Tab moved the focus into the page").toBe("A");
});

test("on a computer, the tooltip's code comes with a Tab, not with the keys typed into a field", async ({
  page,
}) => {
  const scripts = recordChunkRequests(page);
  const tooltipRequested = () => scripts.some((url) => url.includes("/LauncherTooltip-"));
  await page.goto("/", { waitUntil: "load" });
  await page.getByLabel(/Full Name/).focus();
  await hydrated(page);
  await page.keyboard.type("Jane Smith");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(tooltipRequested()).toBe(false);
  await page.keyboard.press("Tab");
  await expect.poll(tooltipRequested).toBe(true);
});

test("a click that comes without pointer events before it (a screen reader's activation) starts the app", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "load" });
  // Dispatched as assistive technology does: a click event alone, on the page's heading.
  await page.evaluate(() =>
    document.querySelector("h1")?.dispatchEvent(new MouseEvent("click", { bubbles: true })),
  );
  await hydrated(page);
});
