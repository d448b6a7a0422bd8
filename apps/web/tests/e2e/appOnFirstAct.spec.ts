import type { Page } from "@playwright/test";
import { appChunk, expect, test } from "./fixtures.ts";

/**
 * The page is whole without its app, so the app is sent only to a visitor who does something:
 * one who only reads costs their phone no script, and the first touch, scroll, key or mouse move
 * starts it (src/boot.ts).
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Every request for one of the app's chunks, from the page's opening on. */
function countChunkRequests(page: Page): () => number {
  let requests = 0;
  page.on("request", (request) => {
    if (appChunk.test(new URL(request.url()).pathname)) requests += 1;
  });
  return () => requests;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

test.describe("on a phone", () => {
  test.use(phone);

  test("a visitor who only reads is sent no script; their first scroll brings the app", async ({
    page,
  }) => {
    const chunkRequests = countChunkRequests(page);
    await page.goto("/", { waitUntil: "load" });
    // Reading the first view for a few seconds: nothing is fetched behind the visitor's back.
    await page.waitForTimeout(3000);
    expect(chunkRequests(), "chunks requested while the visitor only read").toBe(0);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);

    await page.mouse.wheel(0, 600);
    await hydrated(page);
    expect(chunkRequests()).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(500);
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
