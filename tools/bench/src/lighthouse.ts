import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { slowdownArgs } from "./calibration.ts";

export interface LighthouseSummary {
  scores: Record<string, number | null>;
  metrics: {
    fcpMs: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
    speedIndexMs: number;
    /** Lighthouse's main-thread work (audit `mainthread-work-breakdown`): every task, not only long ones. */
    mainThreadMs: number;
  };
  bytesByType: Record<string, number>;
  /**
   * JavaScript transferred, found by MIME type whatever asked for it: the boot script fetches the
   * app's chunks with fetch() before it imports them (the imports then hit the cache), so
   * resource-summary files the chunks under "other" and its "script" figure misses them.
   */
  scriptTransferBytes: number;
  totalBytes: number;
  requests: number;
  failedAudits: string[];
  /**
   * How fast the host ran Lighthouse's CPU benchmark during the run (higher is faster). The
   * simulated phone is this host slowed 4x, so on a shared machine whose speed drifts, the
   * simulated task lengths, and TBT with them, drift too.
   */
  benchmarkIndex: number;
  /** Lighthouse's own code for a run it could not measure, such as NO_NAVSTART. */
  runtimeError?: string;
}

const cli = fileURLToPath(new URL("../node_modules/lighthouse/cli/index.js", import.meta.url));
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
].join(" ");

interface AuditJson {
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  title: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface ReportJson {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, AuditJson>;
  runtimeError?: { code: string; message?: string };
  environment?: { benchmarkIndex?: number };
}

function summarize(report: ReportJson): LighthouseSummary {
  const audit = (id: string) => report.audits[id];
  const value = (id: string) => Math.round(audit(id)?.numericValue ?? Number.NaN);
  const bytesByType: Record<string, number> = {};
  let requests = 0;
  for (const item of audit("resource-summary")?.details?.items ?? []) {
    const type = String(item.resourceType);
    if (type === "total") requests = Number(item.requestCount);
    else bytesByType[type] = Number(item.transferSize);
  }
  const scriptTransferBytes = (audit("network-requests")?.details?.items ?? [])
    .filter((item) => /javascript|ecmascript/i.test(String(item.mimeType)))
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  const scored = ["informative", "notApplicable", "manual"];
  return {
    scores: Object.fromEntries(
      Object.entries(report.categories).map(([id, category]) => [id, category.score]),
    ),
    metrics: {
      fcpMs: value("first-contentful-paint"),
      lcpMs: value("largest-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: Math.round((audit("cumulative-layout-shift")?.numericValue ?? Number.NaN) * 1000) / 1000,
      speedIndexMs: value("speed-index"),
      mainThreadMs: value("mainthread-work-breakdown"),
    },
    bytesByType,
    scriptTransferBytes: audit("network-requests") ? scriptTransferBytes : Number.NaN,
    totalBytes: value("total-byte-weight"),
    requests,
    failedAudits: Object.entries(report.audits)
      .filter(([, a]) => a.score !== null && a.score < 1 && !scored.includes(a.scoreDisplayMode))
      .map(([id, a]) => `${id} (${a.score})`),
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
    ...(report.runtimeError ? { runtimeError: report.runtimeError.code } : {}),
  };
}

/** A Lighthouse run either gives its figures or says why it could not. */
export type LighthouseRun =
  | { ok: true; summary: LighthouseSummary }
  | { ok: false; reason: string };

/**
 * How Lighthouse slows the phone. `simulate` (its default) records the page at full speed and
 * replays it on a model phone 4x slower with a slow 4G network; `devtools` really slows the CPU 4x
 * and the network (Lighthouse's mobile defaults, applied through DevTools) while it records, so its
 * figures are measured, not modelled.
 */
export type Throttling = "simulate" | "devtools";

export interface LighthouseOptions {
  formFactor: "mobile" | "desktop";
  throttling?: Throttling;
  /**
   * The CPU slowdown, simulated or applied through DevTools as `throttling` says; the preset's
   * (4x on mobile) when absent. See calibration.ts.
   */
  cpuSlowdown?: number;
  attempts?: number;
}

/**
 * One Lighthouse 13 run in Debian's Chromium; `desktop` uses Lighthouse's desktop preset. A run
 * that Lighthouse aborts (it exits with an error such as NO_NAVSTART) or whose trace it could not
 * score is run again; after `attempts` the run reports why instead of stopping the whole bench.
 */
export async function runLighthouse(
  url: string,
  options: LighthouseOptions,
): Promise<LighthouseRun> {
  const { formFactor, throttling = "simulate", attempts = 3 } = options;
  let reason = "not run";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const summary = await runLighthouseOnce(url, options);
      if (summary.scores.performance !== null) return { ok: true, summary };
      reason = summary.runtimeError ?? "no performance score";
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    console.error(
      `[bench] Lighthouse ${formFactor} (${throttling}), attempt ${attempt}: ${reason}`,
    );
  }
  return { ok: false, reason: `${reason} (${attempts} attempts)` };
}

/** The Lighthouse CLI's arguments for one run of `url`, its report written to `output`. */
export function lighthouseArgs(url: string, output: string, options: LighthouseOptions): string[] {
  const { formFactor, throttling = "simulate", cpuSlowdown } = options;
  return [
    url,
    "--quiet",
    "--output=json",
    `--output-path=${output}`,
    `--chrome-flags=${chromeFlags}`,
    ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
    // The network figures stay the preset's; the CPU slowdown too unless calibrated.
    `--throttling-method=${throttling}`,
    ...(cpuSlowdown === undefined ? [] : slowdownArgs(cpuSlowdown)),
  ];
}

async function runLighthouseOnce(
  url: string,
  options: LighthouseOptions,
): Promise<LighthouseSummary> {
  const dir = await mkdtemp(join(tmpdir(), "bluewater-lighthouse-"));
  const output = join(dir, "report.json");
  const args = [cli, ...lighthouseArgs(url, output, options)];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      });
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`Lighthouse exited with code ${code}`)),
      );
    });
    return summarize(JSON.parse(await readFile(output, "utf8")) as ReportJson);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The smallest, middle and largest of some figures. */
export interface Spread {
  min: number;
  median: number;
  max: number;
  runs: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return {
    min: at(0),
    median: at(Math.floor(sorted.length / 2)),
    max: at(sorted.length - 1),
    runs: sorted.length,
  };
}

/** The run whose LCP is the median, with each metric's own median beside it. */
export function medianRun(runs: readonly LighthouseSummary[]): LighthouseSummary | undefined {
  const sorted = [...runs].sort((a, b) => a.metrics.lcpMs - b.metrics.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) return undefined;
  const middle = (pick: (run: LighthouseSummary) => number) => spread(runs.map(pick)).median;
  return {
    ...median,
    metrics: {
      fcpMs: middle((r) => r.metrics.fcpMs),
      lcpMs: middle((r) => r.metrics.lcpMs),
      tbtMs: middle((r) => r.metrics.tbtMs),
      cls: middle((r) => r.metrics.cls),
      speedIndexMs: middle((r) => r.metrics.speedIndexMs),
      mainThreadMs: middle((r) => r.metrics.mainThreadMs),
    },
  };
}
