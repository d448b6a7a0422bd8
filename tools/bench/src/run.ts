/**
 * `pnpm bench`: builds the site, starts the embedded stack on free ports and prints one table:
 * Lighthouse 13 (mobile: 5 runs, min/median/max, each beside a run of the same page without its
 * app and of a three-line static page; desktop: 1 run), the app's start-up tasks and the latency
 * of a first tap made while the app starts on a slowed phone, script bytes at three moments, and
 * the function's throughput and the time from its 200 to each provider call. The same figures go
 * to .bench/latest.json (git-ignored). A figure
 * that cannot be measured is reported as missing, with the reason, rather than stopping the bench.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { siteDistDir } from "@bluewater/stack/paths";
import { startThrowawayStack } from "@bluewater/stack/throwaway";
import { measureChatOpenTime } from "./chatOpenTime.ts";
import { measureFirstTaps } from "./firstTap.ts";
import { runLighthouse } from "./lighthouse.ts";
import { measureNotificationLatency } from "./notificationLatency.ts";
import { type ReferencePages, startReferencePages } from "./referencePages.ts";
import { type BenchResults, benchRows, formatTable, missingFigures } from "./report.ts";
import { measureScriptBytes } from "./scriptBytes.ts";
import { benchLocalStack, withEmbeddedServer } from "./stackBench.ts";
import { measureStartupTasks } from "./startupTasks.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const say = (message: string) => console.log(`[bench] ${message}`);
const mobileRunCount = 5;

say("building the site");
const built = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@bluewater/web"], {
  cwd: root,
  stdio: "inherit",
});
if (built.status !== 0) throw new Error("the site did not build");

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
    site: { port: sitePort, distDir: siteDistDir },
  });

  let references: ReferencePages | undefined;
  try {
    references = await startReferencePages(siteDistDir);
    const siteUrl = `${stack.siteUrl}/`;
    const referenceRuns: BenchResults["referenceRuns"] = [];
    const missing: string[] = [];
    // Each run of the page is followed by one of each reference page, so that the host's drift
    // between runs weighs on the three alike.
    for (let run = 1; run <= mobileRunCount; run++) {
      say(`Lighthouse mobile, run ${run} of ${mobileRunCount}, then the reference pages`);
      const outcome = await runLighthouse(siteUrl, "mobile");
      if (!outcome.ok) missing.push(`Lighthouse mobile run ${run}: ${outcome.reason}`);
      const withoutApp = await runLighthouse(references.withoutAppUrl, "mobile");
      const minimal = await runLighthouse(references.minimalUrl, "mobile");
      if (!withoutApp.ok) missing.push(`page without its app, run ${run}: ${withoutApp.reason}`);
      if (!minimal.ok) missing.push(`three-line page, run ${run}: ${minimal.reason}`);
      referenceRuns.push({
        page: outcome.ok ? outcome.summary : undefined,
        withoutApp: withoutApp.ok ? withoutApp.summary : undefined,
        minimal: minimal.ok ? minimal.summary : undefined,
      });
    }
    say("Lighthouse desktop");
    const desktopRun = await runLighthouse(siteUrl, "desktop");
    if (!desktopRun.ok) missing.push(`Lighthouse desktop: ${desktopRun.reason}`);
    say("first taps 300 ms after the first paint, 4x slower CPU, 390 px phone");
    const firstTaps = await measureFirstTaps(siteUrl, ["Open help chat", "Menu"]);
    say("the app's start-up tasks in a trace, 4x slower CPU, 390 px phone, 5 runs");
    const startup = await measureStartupTasks(siteUrl);
    say("script bytes before and after interaction");
    const scripts = await measureScriptBytes({
      siteUrl,
      builtFunctionsOrigin: new URL(process.env.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321")
        .origin,
      functionsOrigin: new URL(stack.functionsUrl).origin,
    });
    say("chat panel open time, desktop and slowed phone, 5 runs each");
    const chatOpen = await measureChatOpenTime(siteUrl);
    await stack.stop();

    say(
      "the local stack: start time, and the function on the embedded and the machine's PostgreSQL",
    );
    const localStack = await benchLocalStack({
      rounds: 3,
      load: { total: 300, concurrency: 25 },
      referenceUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      log: say,
    });
    say("the time from the function's 200 to each provider call, 100 leads");
    const notifications = await measureNotificationLatency({ leads: 100, log: say });
    return {
      date: new Date().toISOString(),
      mobileRuns: referenceRuns.flatMap((round) => (round.page ? [round.page] : [])),
      mobileRunsPlanned: mobileRunCount,
      referenceRuns,
      desktop: desktopRun.ok ? desktopRun.summary : undefined,
      firstTaps,
      startup,
      scripts,
      chatOpen,
      stack: localStack,
      notifications,
      missing,
    } satisfies BenchResults;
  } finally {
    await stack.dispose();
    await database.drop();
    await references?.close();
  }
});

const table = formatTable(benchRows(results));
console.log(`\n${table}\n`);
for (const line of missingFigures(results)) console.log(`[bench] not measured: ${line}`);
const out = join(root, ".bench");
await mkdir(out, { recursive: true });
await writeFile(join(out, "latest.json"), `${JSON.stringify({ ...results, table }, null, 2)}\n`);
say(`written to ${join(out, "latest.json")}`);
