import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type FirstPaintWindow = Window & { benchFirstPaint: Promise<number> };

/**
 * An init script (installed before the page's own scripts): the first contentful paint, as an
 * epoch time in ms, comparable with this process's `Date.now()`.
 */
export function recordFirstPaint(): void {
  (window as unknown as FirstPaintWindow).benchFirstPaint = new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      const paint = list.getEntriesByName("first-contentful-paint")[0];
      if (!paint) return;
      observer.disconnect();
      resolve(performance.timeOrigin + paint.startTime);
    }).observe({ type: "paint", buffered: true });
  });
}

/** When the page's first contentful paint came, once it has (see `recordFirstPaint`). */
export function firstPaintAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as FirstPaintWindow).benchFirstPaint);
}

/** Debian's Chromium, headless, without the background traffic this machine's network refuses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
  });
}

/**
 * The visitor's first act, which is what starts the page's app (apps/web/src/boot.ts): a touch on
 * the hero's heading on a touch screen, where nothing happens but the touch; a small mouse move
 * on a computer.
 */
export async function visitorActs(page: Page): Promise<void> {
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) {
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    if (!box) throw new Error("the page has no visible main heading to touch");
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    return;
  }
  await page.mouse.move(2, 2);
}

/** A 390 px touch phone, the visitor the slowed-phone benches play. */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/**
 * Slows the page's CPU `rate` times through the DevTools protocol, with the DevTools debugger on.
 *
 * Attached with its debugger off (Playwright's default), DevTools makes V8 collect the source
 * positions of React DOM's code on the main thread while the react chunk is evaluated: a re-parse
 * of the whole chunk, 50–70 ms at full speed in traces (`V8.CollectSourcePositions`), that a
 * visitor's browser never does. A page importing that chunk with no DevTools attached shows no
 * task over 50 ms. With the debugger on, V8 collects the positions while it compiles, off the main
 * thread, as it does under Lighthouse, which turns the debugger on too.
 */
export async function slowDown(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Debugger.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * The phone's connection in the first-act benches: Lighthouse's mobile network (150 ms round
 * trips, 1.6 Mbps down, 750 kbps up), applied through DevTools to every request of the page.
 */
export async function slowNetwork(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
}
