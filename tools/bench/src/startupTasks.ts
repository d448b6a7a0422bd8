/// <reference lib="dom" />
import { mainThreadOf, type TraceEvent } from "@bluewater/stack/trace";
import type { Browser, Page } from "playwright-core";
import { launchChromium, phone, slowDown, visitorActs } from "./browser.ts";
import { type Spread, spread } from "./lighthouse.ts";

/**
 * The main-thread cost of the app's start-up on a slowed phone, read from a real trace: Chrome's
 * CPU throttling slows the page itself (nothing is simulated), and every task from the app's
 * first chunk request until a second after hydration is the app's start-up (fetching, evaluating,
 * the router, hydration, the idle fetch of the chat). Lighthouse's TBT mixes this with the
 * document's own parsing and layout and with Chrome's navigation commit; this figure is the
 * app's part alone.
 */
export interface StartupTasks {
  /** The longest task of each run, in ms. */
  longestTaskMs: Spread;
  /** Each run's blocking time: the sum over its tasks of the time beyond 50 ms. */
  blockingMs: Spread;
  runs: Array<{ longestTaskMs: number; blockingMs: number; tasks: number }>;
  failures: string[];
}

/** Tasks from this long on keep a tap waiting: the threshold TBT uses. */
const blockingThresholdMs = 50;

/**
 * The renderer main thread's top-level tasks, in ms, from the page's first request for one of
 * the app's files (`/assets/*.js`) to the end of the trace.
 */
export function appStartupTasks(events: readonly TraceEvent[], pageUrl: string): number[] {
  const { pid, tid } = mainThreadOf(events, pageUrl);
  const firstChunkRequest = events.find(
    (e) =>
      e.name === "ResourceSendRequest" &&
      e.pid === pid &&
      /\/assets\/[^/]+\.js$/.test(e.args?.data?.url ?? ""),
  );
  if (!firstChunkRequest) throw new Error("the page never asked for the app's code");
  return mainThreadTasks(events, { pid, tid }, (task) => task.ts >= firstChunkRequest.ts);
}

/**
 * The renderer main thread's top-level tasks, in ms, from the page's first paint to the end of
 * the trace: everything a reader can meet once there is something to read, the app's start
 * included.
 */
export function tasksFromFirstPaint(events: readonly TraceEvent[], pageUrl: string): number[] {
  const { pid, tid } = mainThreadOf(events, pageUrl);
  const firstPaint = events
    .filter((e) => (e.name === "firstPaint" || e.name === "firstContentfulPaint") && e.pid === pid)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!firstPaint) throw new Error("the trace never paints the page");
  // A task running across the first paint counts: the reader meets its rest.
  return mainThreadTasks(events, { pid, tid }, (task) => task.ts + (task.dur ?? 0) > firstPaint.ts);
}

/** The durations, in ms, of the thread's top-level tasks that `counted` keeps. */
function mainThreadTasks(
  events: readonly TraceEvent[],
  { pid, tid }: { pid: number; tid: number },
  counted: (task: TraceEvent) => boolean,
): number[] {
  return events
    .filter(
      (e) => e.name === "RunTask" && e.ph === "X" && e.pid === pid && e.tid === tid && counted(e),
    )
    .map((e) => (e.dur ?? 0) / 1000);
}

export function blockingTime(taskMs: readonly number[]): number {
  return taskMs.reduce((sum, ms) => sum + Math.max(0, ms - blockingThresholdMs), 0);
}

/** Resolves when the app marks the page hydrated; set up before the page's own scripts. */
function watchHydration(): void {
  (window as unknown as { benchHydrated: Promise<void> }).benchHydrated = new Promise((resolve) => {
    // The document has no element yet: watch the whole document for the attribute.
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return;
      observer.disconnect();
      resolve();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
}

/**
 * How the app is started: `act`, by a touch at once (its tasks counted from its first request);
 * `reading`, by itself after the reading start, the visitor never acting (every task from the
 * first paint counted).
 */
export type StartedBy = "act" | "reading";

async function traceOnce(
  browser: Browser,
  page: Page,
  siteUrl: string,
  { cpuSlowdown, startedBy }: { cpuSlowdown: number; startedBy: StartedBy },
): Promise<number[]> {
  await page.addInitScript(watchHydration);
  await slowDown(page, cpuSlowdown);
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"],
  });
  let trace: Buffer;
  try {
    await page.goto(siteUrl, { waitUntil: "domcontentloaded" });
    if (startedBy === "act") await visitorActs(page);
    // One promise awaited in the page, not a polling wait, which would add tasks of its own.
    await page.evaluate(
      () => (window as unknown as { benchHydrated: Promise<void> }).benchHydrated,
    );
    await page.waitForTimeout(1000);
  } finally {
    trace = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  return startedBy === "act"
    ? appStartupTasks(traceEvents, siteUrl)
    : tasksFromFirstPaint(traceEvents, siteUrl);
}

/**
 * The app's start-up tasks on a 390 px phone with a `cpuSlowdown` times slower CPU (the bench's
 * calibrated one), `runs` visits, the app started as `startedBy` says.
 */
export async function measureStartupTasks(
  siteUrl: string,
  {
    runs = 5,
    cpuSlowdown = 4,
    startedBy = "act",
  }: { runs?: number; cpuSlowdown?: number; startedBy?: StartedBy } = {},
): Promise<StartupTasks> {
  const browser = await launchChromium();
  const measured: StartupTasks["runs"] = [];
  const failures: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(phone);
      try {
        const tasks = await traceOnce(browser, await context.newPage(), siteUrl, {
          cpuSlowdown,
          startedBy,
        });
        measured.push({
          longestTaskMs: Math.round(Math.max(0, ...tasks)),
          blockingMs: Math.round(blockingTime(tasks)),
          tasks: tasks.length,
        });
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    longestTaskMs: spread(measured.map((run) => run.longestTaskMs)),
    blockingMs: spread(measured.map((run) => run.blockingMs)),
    runs: measured,
    failures,
  };
}
