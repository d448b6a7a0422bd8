/// <reference lib="dom" />
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import {
  firstPaintAt,
  launchChromium,
  phone,
  recordFirstPaint,
  slowDown,
  visitorActs,
} from "./browser.ts";
import { type Spread, spread } from "./lighthouse.ts";

export interface FirstTapResult {
  /** The accessible name of what the visitor taps. */
  target: string;
  /** Interaction to next paint of the first tap, in ms, over the runs that measured one. */
  inpMs: Spread;
  /** Runs that could not measure, and why. */
  failures: string[];
}

/** Fresh visits per target. */
const runs = 5;
/** How long after the first contentful paint the visitor taps. */
const tapAfterFcpMs = 300;

/**
 * Installed before the page's own scripts: the longest event of each interaction (Event Timing). `first-input` is reported whatever its duration; other events
 * only from 16 ms, the smallest threshold the API allows.
 */
function observeInteractions(): void {
  const record = window as unknown as { benchInteractions: Record<number, number> };
  record.benchInteractions = {};
  const keep = (entry: PerformanceEventTiming) => {
    if (!entry.interactionId) return;
    const longest = record.benchInteractions[entry.interactionId] ?? 0;
    record.benchInteractions[entry.interactionId] = Math.max(longest, entry.duration);
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) keep(entry as PerformanceEventTiming);
  });
  // `durationThreshold` is newer than TypeScript's DOM types, hence the separate object.
  const events = { type: "event", durationThreshold: 16, buffered: true };
  observer.observe(events);
  observer.observe({ type: "first-input", buffered: true });
}

/** One visit: tap `target` at FCP + delay on a slowed phone, and read that tap's INP. */
async function tapOnce(
  page: Page,
  siteUrl: string,
  target: string,
  cpuSlowdown: number,
): Promise<number> {
  await page.addInitScript(recordFirstPaint);
  await page.addInitScript(observeInteractions);
  await slowDown(page, cpuSlowdown);
  await page.goto(siteUrl, { waitUntil: "commit" });
  const fcpAt = await firstPaintAt(page);
  // The button's place is read at once; the tap itself waits in this process, not in the page,
  // so a busy page cannot move it later and the wait shows up in the measured latency.
  const box = await page.getByRole("button", { name: target }).boundingBox();
  if (!box) throw new Error(`no visible button named "${target}"`);
  // The visitor touches the page as soon as it shows, which starts the app; the tap comes while
  // the app is loading and starting.
  await visitorActs(page);
  await sleep(Math.max(0, fcpAt + tapAfterFcpMs - Date.now()));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  // Both targets open something: a fast answer to a tap that did nothing would be no answer.
  await page
    .locator(":popover-open, [role=dialog]:not([popover])")
    .first()
    .waitFor({ state: "visible", timeout: 10_000 })
    .catch(() => {
      throw new Error(`tapping "${target}" opened nothing`);
    });
  await page.waitForFunction(
    () =>
      Object.keys((window as unknown as { benchInteractions: object }).benchInteractions).length >
      0,
    undefined,
    { timeout: 10_000 },
  );
  const durations = await page.evaluate(() =>
    Object.values(
      (window as unknown as { benchInteractions: Record<number, number> }).benchInteractions,
    ),
  );
  return Math.max(...durations);
}

/**
 * The latency of a visitor's first tap, made shortly after the first paint on a 390 px phone
 * with a slowed CPU, while the app may still be loading: each target is tapped in `runs` fresh
 * visits.
 */
export async function measureFirstTaps(
  siteUrl: string,
  targets: readonly string[],
  { cpuSlowdown }: { cpuSlowdown: number },
): Promise<FirstTapResult[]> {
  const browser = await launchChromium();
  try {
    const results: FirstTapResult[] = [];
    for (const target of targets) {
      const durations: number[] = [];
      const failures: string[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext(phone);
        try {
          durations.push(await tapOnce(await context.newPage(), siteUrl, target, cpuSlowdown));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        } finally {
          await context.close();
        }
      }
      results.push({ target, inpMs: spread(durations.map(Math.round)), failures });
    }
    return results;
  } finally {
    await browser.close();
  }
}
