/// <reference lib="dom" />
import { endOf, mainThreadOf, type TraceEvent, topLevelTasks } from "@bluewater/stack/trace";
import type { Browser } from "playwright-core";
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
  const firstChunkRequest = firstChunkRequestOf(events, pid);
  if (!firstChunkRequest) throw new Error("the page never asked for the app's code");
  return topLevelTasks(events, { pid, tid })
    .filter((task) => task.ts >= firstChunkRequest.ts)
    .map(durationMs);
}

/**
 * A reader's visit cut in two at the page's first request for one of the app's files: while the
 * page loads (from the first paint: of a task running across it, only what is left after it, the
 * part a reader meets), and the app's start (every task from that request on). A page without
 * our app (the peer) only loads.
 */
export function readerVisitTasks(
  events: readonly TraceEvent[],
  pageUrl: string,
): { loading: number[]; appStart: number[] } {
  const { pid, tid } = mainThreadOf(events, pageUrl);
  const firstPaint = events
    .filter((e) => (e.name === "firstPaint" || e.name === "firstContentfulPaint") && e.pid === pid)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!firstPaint) throw new Error("the trace never paints the page");
  const appFrom = firstChunkRequestOf(events, pid)?.ts ?? Number.POSITIVE_INFINITY;
  const tasks = topLevelTasks(events, { pid, tid });
  return {
    loading: tasks
      .filter((task) => endOf(task) > firstPaint.ts && task.ts < appFrom)
      .map((task) => (endOf(task) - Math.max(task.ts, firstPaint.ts)) / 1000),
    appStart: tasks.filter((task) => task.ts >= appFrom).map(durationMs),
  };
}

function firstChunkRequestOf(events: readonly TraceEvent[], pid: number): TraceEvent | undefined {
  return events.find(
    (e) =>
      e.name === "ResourceSendRequest" &&
      e.pid === pid &&
      /\/assets\/[^/]+\.js$/.test(e.args?.data?.url ?? ""),
  );
}

const durationMs = (task: TraceEvent) => (task.dur ?? 0) / 1000;

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
 * How a traced visit goes: `act`, the app started by a touch at once; `reading`, the visitor reads
 * the first screen for `readerScrollsAfterMs`, then scrolls, which starts the app; `peer`, a page
 * without our app, traced for as long as a reader's visit to ours takes.
 */
type Visit = "act" | "reading" | "peer";

/** How long a reader reads the first screen before they scroll (and so start our app). */
const readerScrollsAfterMs = 3000;

/** How long a visit to the peer is traced: past the reader's scroll and our app's start after it. */
const peerVisitMs = 5000;

async function traceOnce(
  browser: Browser,
  siteUrl: string,
  { cpuSlowdown, visit }: { cpuSlowdown: number; visit: Visit },
): Promise<TraceEvent[]> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchHydration);
    await slowDown(page, cpuSlowdown);
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"],
    });
    let trace: Buffer;
    try {
      await page.goto(siteUrl, { waitUntil: "domcontentloaded" });
      if (visit === "act") await visitorActs(page);
      if (visit === "reading") {
        await page.waitForTimeout(readerScrollsAfterMs);
        await page.mouse.wheel(0, 400);
      }
      if (visit === "peer") {
        await page.waitForTimeout(peerVisitMs);
      } else {
        // One promise awaited in the page, not a polling wait, which would add tasks of its own.
        await page.evaluate(
          () => (window as unknown as { benchHydrated: Promise<void> }).benchHydrated,
        );
        await page.waitForTimeout(1000);
      }
    } finally {
      trace = await browser.stopTracing();
    }
    return (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await context.close();
  }
}

/** Each run's longest task and blocking time, from its tasks' durations. */
function summarize(runsTasks: readonly number[][], failures: string[]): StartupTasks {
  const runs = runsTasks.map((tasks) => ({
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    blockingMs: Math.round(blockingTime(tasks)),
    tasks: tasks.length,
  }));
  return {
    longestTaskMs: spread(runs.map((run) => run.longestTaskMs)),
    blockingMs: spread(runs.map((run) => run.blockingMs)),
    runs,
    failures,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The app's start-up tasks on a 390 px phone with a `cpuSlowdown` times slower CPU (the bench's
 * calibrated one), `runs` visits, the app started by a touch at once.
 */
export async function measureStartupTasks(
  siteUrl: string,
  { runs = 5, cpuSlowdown = 4 }: { runs?: number; cpuSlowdown?: number } = {},
): Promise<StartupTasks> {
  const browser = await launchChromium();
  const measured: number[][] = [];
  const failures: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      try {
        const events = await traceOnce(browser, siteUrl, { cpuSlowdown, visit: "act" });
        measured.push(appStartupTasks(events, siteUrl));
      } catch (error) {
        failures.push(messageOf(error));
      }
    }
  } finally {
    await browser.close();
  }
  return summarize(measured, failures);
}

/** A reader's visit to our page in two parts, and the peer's page loading, for comparison. */
export interface ReaderVisits {
  /** Our page from its first paint until the app asks for its first file. */
  loading: StartupTasks;
  /** Our app's start, by the reader's scroll after 3 s, until a second after it has hydrated. */
  appStart: StartupTasks;
  /** The peer's page from its first paint on; undefined without a peer. */
  peerLoading: StartupTasks | undefined;
}

/**
 * Reader's visits on the calibrated phone (`cpuSlowdown`), `runs` to our page and as many to the
 * peer's, alternating: the visitor reads the first screen for 3 s, then scrolls.
 */
export async function measureReaderVisits(
  siteUrl: string,
  peerUrl: string | undefined,
  { runs = 5, cpuSlowdown = 4 }: { runs?: number; cpuSlowdown?: number } = {},
): Promise<ReaderVisits> {
  const browser = await launchChromium();
  const ours = { loading: [] as number[][], appStart: [] as number[][], failures: [] as string[] };
  const peer = { loading: [] as number[][], failures: [] as string[] };
  try {
    for (let run = 0; run < runs; run++) {
      try {
        const events = await traceOnce(browser, siteUrl, { cpuSlowdown, visit: "reading" });
        const { loading, appStart } = readerVisitTasks(events, siteUrl);
        ours.loading.push(loading);
        ours.appStart.push(appStart);
      } catch (error) {
        ours.failures.push(messageOf(error));
      }
      if (peerUrl === undefined) continue;
      try {
        const events = await traceOnce(browser, peerUrl, { cpuSlowdown, visit: "peer" });
        peer.loading.push(readerVisitTasks(events, peerUrl).loading);
      } catch (error) {
        peer.failures.push(`the peer: ${messageOf(error)}`);
      }
    }
  } finally {
    await browser.close();
  }
  return {
    loading: summarize(ours.loading, ours.failures),
    appStart: summarize(ours.appStart, ours.failures),
    peerLoading: peerUrl === undefined ? undefined : summarize(peer.loading, peer.failures),
  };
}
