/**
 * `pnpm bench`: builds the site, runs our page, a static-template reference and AstroWind side by
 * side in Lighthouse mobile (alternating rounds: a warm-up at the preset's 4x, then 5 simulated and
 * 5 with the CPU really slowed, as calibrated for this host's benchmark index), then starts
 * the embedded stack on free ports and measures the rest, and prints one table: each Lighthouse
 * figure beside the template's with the ratio of medians, Lighthouse desktop (1 run), the app's
 * start-up tasks and the latency of a first tap made while the app starts on a slowed phone, script
 * bytes at three moments, and the function's throughput and the time from its 200 to each provider
 * call. The same figures go to .bench/latest.json (git-ignored).
 *
 * Then it plays a visitor's first acts (the chat, the form, "Learn More") on a slowed phone on our
 * page and on its preloaded variant, in alternating rounds, timed until what was asked for shows.
 * Its options are in `pnpm bench --help` (args.ts). A figure that cannot be measured is reported
 * as missing, with the reason, rather than stopping the bench.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { siteDistDir } from "@bluewater/stack/paths";
import { startThrowawayStack } from "@bluewater/stack/throwaway";
import { type BenchOptions, parseBenchArgs } from "./args.ts";
import { launchChromium } from "./browser.ts";
import { calibrationFrom, calibrationText } from "./calibration.ts";
import { measureChatOpenTime } from "./chatOpenTime.ts";
import {
  compareFirstActs,
  type FirstActsResult,
  firstActFailures,
  firstActRows,
} from "./firstActs.ts";
import { measureFirstTaps } from "./firstTap.ts";
import { runLighthouse } from "./lighthouse.ts";
import { measureNotificationLatency } from "./notificationLatency.ts";
import {
  servePeer,
  servePreloadedVariant,
  serveSite,
  startReferencePages,
} from "./referencePages.ts";
import {
  type BenchResults,
  benchRows,
  firstTapRows,
  formatTable,
  missingFigures,
  pageRows,
  type Row,
  readerVisitRows,
} from "./report.ts";
import { measureScriptBytes } from "./scriptBytes.ts";
import { comparePages, type PageComparison } from "./sideBySide.ts";
import { benchLocalStack, withEmbeddedServer } from "./stackBench.ts";
import { measureReaderVisits, measureStartupTasks, type ReaderVisits } from "./startupTasks.ts";
import { measureVisitCost } from "./visitCost.ts";
import { benchVisits } from "./visitsBench.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const say = (message: string) => console.log(`[bench] ${message}`);
const options = await parseBenchArgs(process.argv.slice(2));

/** The built site measured: this checkout's, built now, or the one `--site` names. */
const siteDir = options.site ?? siteDistDir;
if (options.site) {
  say(`measuring the site built at ${options.site}`);
} else {
  say("building the site");
  const built = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@bluewater/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("the site did not build");
}

/**
 * Our page and the references, each served by its own `@bluewater/serve` server in this process,
 * the same way, so the only difference between the pages is the pages. Run before the stack starts,
 * so its processes take no share of the machine meanwhile.
 */
async function measurePages({
  only,
  rounds,
  realRounds,
  peer,
}: BenchOptions): Promise<PageComparison> {
  const ours = await serveSite(siteDir);
  const references = await startReferencePages(siteDir);
  const peerSite = await servePeer(peer);
  try {
    return await comparePages({
      oursUrl: ours.url,
      templateUrl: references.staticTemplateUrl,
      peer: "url" in peerSite ? { url: peerSite.url } : peerSite,
      // The context pages make the whole bench's simulated rounds twice as long: not when iterating.
      ...(only === "page"
        ? {}
        : {
            context: { withoutAppUrl: references.withoutAppUrl, minimalUrl: references.minimalUrl },
          }),
      rounds,
      realRounds,
      log: say,
    });
  } finally {
    await Promise.all([ours.close(), references.close(), "close" in peerSite && peerSite.close()]);
  }
}

/** Our page and its preloaded variant, the visitor's first acts on each, in alternating rounds. */
async function measureFirstActs({ actRounds, acts }: BenchOptions): Promise<FirstActsResult> {
  const ours = await serveSite(siteDir);
  const preloaded = await servePreloadedVariant(siteDir);
  try {
    return await compareFirstActs({
      urls: { ours: ours.url, preloaded: preloaded.url },
      ...(acts ? { acts } : {}),
      rounds: actRounds,
      launch: launchChromium,
      log: say,
    });
  } finally {
    await Promise.all([ours.close(), preloaded.close()]);
  }
}

async function report(
  rows: readonly Row[],
  missing: readonly string[],
  file: string,
  results: object,
) {
  const table = formatTable(rows);
  console.log(`\n${table}\n`);
  for (const line of missing) console.log(`[bench] not measured: ${line}`);
  const out = join(root, ".bench");
  await mkdir(out, { recursive: true });
  await writeFile(join(out, file), `${JSON.stringify({ ...results, table }, null, 2)}\n`);
  say(`written to ${join(out, file)}`);
}

/**
 * Reader's visits to our page and the peer's traced on the calibrated phone, in alternating
 * rounds, while the visitor never acts.
 */
async function measureReaderVisitsWithPeer(
  siteUrl: string,
  cpuSlowdown: number,
): Promise<ReaderVisits> {
  say(`a reader's visit in a trace, ours and the peer's alternating, ${cpuSlowdown}x, 5 runs each`);
  const peerSite = await servePeer(options.peer);
  try {
    return await measureReaderVisits(siteUrl, "url" in peerSite ? peerSite.url : undefined, {
      cpuSlowdown,
    });
  } finally {
    if ("close" in peerSite) await peerSite.close();
  }
}

/**
 * A reader's visit traced on the calibrated phone, and the first taps: one Lighthouse warm-up run
 * gives the host's index.
 */
async function measureStart(): Promise<[Row[], string[], string, object]> {
  const ours = await serveSite(siteDir);
  try {
    say("Lighthouse warm-up at the preset's 4x, for the host's benchmark index");
    const calibration = calibrationFrom([await runLighthouse(ours.url, { formFactor: "mobile" })]);
    const { cpuSlowdown } = calibration;
    say(calibrationText(calibration));
    const readerVisits = await measureReaderVisitsWithPeer(ours.url, cpuSlowdown);
    say(`first taps 300 ms after the first paint, ${cpuSlowdown}x slower CPU, 390 px phone`);
    const firstTaps = await measureFirstTaps(ours.url, ["Open help chat", "Menu"], { cpuSlowdown });
    const rows = [
      { measure: "Lighthouse CPU calibration", value: calibrationText(calibration) },
      ...readerVisitRows(readerVisits, cpuSlowdown, 5),
      ...firstTapRows(firstTaps, cpuSlowdown),
    ];
    const missing = [
      ...readerVisits.appStart.failures,
      ...(readerVisits.peerLoading?.failures ?? []),
      ...firstTaps.flatMap((tap) => tap.failures),
    ];
    const date = new Date().toISOString();
    return [rows, missing, "start.json", { date, calibration, readerVisits, firstTaps }];
  } finally {
    await ours.close();
  }
}

if (options.only === "start") {
  await report(...(await measureStart()));
} else if (options.only === "first-acts") {
  const firstActs = await measureFirstActs(options);
  await report(firstActRows(firstActs), firstActFailures(firstActs), "first-acts.json", {
    date: new Date().toISOString(),
    firstActs,
  });
} else {
  const pages = await measurePages(options);
  if (options.only === "page") {
    await report(pageRows(pages), pages.missing, "page.json", {
      date: new Date().toISOString(),
      pages,
    });
  } else {
    await report(...(await benchEverythingElse(pages, await measureFirstActs(options))));
  }
}

/** The stack's part of the bench, with the page comparison and the first acts already made. */
async function benchEverythingElse(
  pages: PageComparison,
  firstActs: FirstActsResult,
): Promise<[Row[], string[], string, BenchResults]> {
  const sitePort = 8700 + Math.floor(Math.random() * 200);
  const results = await withEmbeddedServer(async (serverUrl) => {
    const database = await createTestDatabase({ TEST_DATABASE_URL: serverUrl });
    const stack = await startThrowawayStack({
      database: { url: database.url },
      env: {
        ALLOWED_ORIGINS: `http://localhost:${sitePort}`,
        ...(process.env.VITE_SUPABASE_PUBLISHABLE_KEY
          ? { PUBLIC_API_KEYS: process.env.VITE_SUPABASE_PUBLISHABLE_KEY }
          : {}),
      },
      site: { port: sitePort, distDir: siteDir },
    });

    try {
      const siteUrl = `${stack.siteUrl}/`;
      const missing: string[] = [];
      say("Lighthouse desktop");
      const desktopRun = await runLighthouse(siteUrl, { formFactor: "desktop" });
      if (!desktopRun.ok) missing.push(`Lighthouse desktop: ${desktopRun.reason}`);
      // The phone Lighthouse means, as calibrated for this host in the page comparison.
      const { cpuSlowdown } = pages.calibration;
      say(`first taps 300 ms after the first paint, ${cpuSlowdown}x slower CPU, 390 px phone`);
      const firstTaps = await measureFirstTaps(siteUrl, ["Open help chat", "Menu"], {
        cpuSlowdown,
      });
      say(`the app's start-up tasks in a trace, ${cpuSlowdown}x slower CPU, 390 px phone, 5 runs`);
      const startup = await measureStartupTasks(siteUrl, { cpuSlowdown });
      const readerVisits = await measureReaderVisitsWithPeer(siteUrl, cpuSlowdown);
      say("script bytes before and after interaction");
      const scripts = await measureScriptBytes({
        siteUrl,
        builtFunctionsOrigin: new URL(process.env.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321")
          .origin,
        functionsOrigin: new URL(stack.functionsUrl).origin,
      });
      say("chat panel open time, desktop and slowed phone, 5 runs each");
      const chatOpen = await measureChatOpenTime(siteUrl);
      say("what measuring visits costs the page: the beacon's bytes, a reader's requests");
      const visitCost = await measureVisitCost(siteUrl);
      await stack.stop();

      say(
        "the local stack: start time, and the function on the embedded and the machine's PostgreSQL",
      );
      const localStack = await benchLocalStack({
        startRounds: 3,
        rounds: 3,
        load: { total: 300, concurrency: 25 },
        referenceUrl:
          process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
        log: say,
      });
      say("the time from the function's 200 to each provider call, 100 leads");
      const notifications = await measureNotificationLatency({ leads: 100, log: say });
      say("the beacon route, leads during a beacon flood, and pnpm report over 100,000 visits");
      const visits = await benchVisits({
        rounds: 3,
        beacons: 1000,
        concurrency: 25,
        reportVisits: 100_000,
        log: say,
      });
      return {
        date: new Date().toISOString(),
        pages,
        firstActs,
        desktop: desktopRun.ok ? desktopRun.summary : undefined,
        firstTaps,
        startup,
        readerVisits,
        scripts,
        chatOpen,
        stack: localStack,
        notifications,
        visitCost,
        visits,
        missing,
      } satisfies BenchResults;
    } finally {
      await stack.dispose();
      await database.drop();
    }
  });

  return [benchRows(results), missingFigures(results), "latest.json", results];
}
