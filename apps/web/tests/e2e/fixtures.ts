import { test as base, expect, type Locator, type Page, type Route } from "@playwright/test";

interface Fixtures {
  /** Origins besides the site's that the page may call (the backend, in the stack tests). */
  allowedOrigins: string[];
  /** Console errors, page errors and requests to other hosts, gathered during the test. */
  problems: string[];
  /** Console errors the test expects (e.g. the 404 page logs the path); cleared from `problems`. */
  expectConsoleError: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  allowedOrigins: [[], { option: true }],
  problems: [
    async ({ page, baseURL, allowedOrigins: extraOrigins }, use) => {
      const problems: string[] = [];
      const allowedOrigins = new Set([
        new URL(baseURL ?? "http://localhost").origin,
        ...extraOrigins,
      ]);
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith("http") && !allowedOrigins.has(url.origin)) {
          problems.push(`request to another host: ${request.url()}`);
        }
      });
      await use(problems);
      expect(problems, "no console error, page error or third-party request").toEqual([]);
    },
    { auto: true },
  ],
  expectConsoleError: async ({ problems }, use) => {
    const patterns: RegExp[] = [];
    await use((pattern) => patterns.push(pattern));
    const unexpected = problems.filter((p) => !patterns.some((pattern) => pattern.test(p)));
    const missing = patterns.filter((pattern) => !problems.some((p) => pattern.test(p)));
    problems.splice(0, problems.length, ...unexpected);
    expect(missing.map(String), "every expected console error was logged").toEqual([]);
  },
});

export { expect };

/**
 * The app's chunk files, which tests hold back or fail. The boot script is inlined in the HTML,
 * so every script under /assets/ is the app's.
 */
export const appChunk = /\/assets\/.+\.js$/;

/** Holds every request for the app's chunks (or those `chunks` matches) until `release` is called. */
export async function holdAppChunks(
  page: Page,
  chunks: RegExp = appChunk,
): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(chunks, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Chrome logs the 404 status of the page itself; on the 404 page that is the expected outcome. */
export const notFoundStatusLog =
  /Failed to load resource: the server responded with a status of 404/;

export const sectionOrder = [
  "home",
  "services",
  "about",
  "gallery",
  "reviews",
  "finishing",
  "process",
  "proof",
  "faq",
  "contact",
] as const;

/**
 * The visitor moves the mouse a little, as every visitor does something: the page loads its app
 * at the visitor's first act (src/start/boot.ts), not on its own.
 */
export async function visitorActs(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
}

/**
 * The finishing gallery's photo in view, as the slide the strip shows says it ("Photo 2 of 3"):
 * the slide whose left edge is nearest the strip's.
 */
export function photoInView(gallery: Locator): Promise<string> {
  return gallery
    .getByRole("list")
    .first()
    .evaluate((strip) => {
      const left = strip.getBoundingClientRect().left;
      const distance = (slide: Element) => Math.abs(slide.getBoundingClientRect().left - left);
      const shown = [...strip.children].sort((a, b) => distance(a) - distance(b))[0];
      return shown?.querySelector("figcaption span:last-child")?.textContent ?? "";
    });
}

/** Waits until React has hydrated the page (generous: the start-up tests slow the CPU 4x). */
export const hydrated = (page: Page): Promise<void> =>
  page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });

/**
 * Opens a page, acts as a visitor does, and waits until React has hydrated it, so its buttons
 * respond. With Playwright's fake clock installed, the clock is moved on so the boot script's
 * wait-for-first-paint passes.
 */
export async function gotoInteractive(
  page: Page,
  { path = "/", fakeClock = false }: { path?: string; fakeClock?: boolean } = {},
): Promise<void> {
  await page.goto(path);
  await visitorActs(page);
  if (fakeClock) await page.clock.runFor(2000);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Stops Playwright's fake clock (installed before the page opened): from here on only
 * `clock.runFor` moves time, so delays can be measured exactly. The stop is set a minute ahead,
 * so the running clock can never have passed it, whatever the machine's load.
 */
export async function stopClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 60_000);
}

/** The fixed bar's height: a section is "in view" when its top sits just below it. */
export async function headerHeight(page: Page): Promise<number> {
  return page
    .locator("header")
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
}

/**
 * Waits until the page has stopped scrolling with `target`'s top in the band just below the fixed
 * bar, at most `within` px under it: where a visitor sent there reads it first.
 */
export async function expectLandedUnderTheBar(
  page: Page,
  target: Locator,
  within: number,
  message: string,
): Promise<void> {
  const bar = await headerHeight(page);
  await expect
    .poll(
      async () => {
        const before = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(50);
        const box = await target.boundingBox();
        const still = before === (await page.evaluate(() => window.scrollY));
        return still && box !== null && box.y >= bar - 1 && box.y <= bar + within;
      },
      { message },
    )
    .toBe(true);
}

/** Waits for smooth scrolling to settle, then checks the section's top is under the bar. */
export async function expectSectionInView(page: Page, id: string): Promise<void> {
  const bar = await headerHeight(page);
  await expect
    .poll(
      async () => {
        const [top, scrollY] = await page.evaluate((sectionId) => {
          const section = document.getElementById(sectionId);
          return [section?.getBoundingClientRect().top ?? Number.NaN, window.scrollY];
        }, id);
        await page.waitForTimeout(50);
        const stillMoving = await page.evaluate((y) => window.scrollY !== y, scrollY);
        return !stillMoving && top >= -1 && top <= bar + 24;
      },
      { message: `#${id} is scrolled to just below the navigation bar` },
    )
    .toBe(true);
}
