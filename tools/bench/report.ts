import { type ChatOpenTimes, chatOpenRows } from "./chatOpenTime.ts";
import type { FirstTapResult } from "./firstTap.ts";
import type { FunctionBenchResult } from "./functionBench.ts";
import { type LighthouseSummary, medianRun, type Spread, spread } from "./lighthouse.ts";
import type { ScriptBytes } from "./scriptBytes.ts";

export interface BenchResults {
  date: string;
  /** The mobile runs Lighthouse could measure, of `mobileRunsPlanned`. */
  mobileRuns: LighthouseSummary[];
  mobileRunsPlanned: number;
  desktop: LighthouseSummary | undefined;
  firstTaps: FirstTapResult[];
  scripts: ScriptBytes;
  chatOpen: ChatOpenTimes;
  functions: FunctionBenchResult[];
  /** Figures that could not be measured, each with its reason. */
  missing: string[];
}

interface Row {
  measure: string;
  value: string;
  target?: string;
  met?: boolean;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${value} ms`;
const range = ({ min, median, max }: Spread) => `${min} / ${median} / ${max} ms`;
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "n/a" : String(Math.round(value * 100));

/** The Lighthouse mobile rows: scores of the median run, and each metric across the runs. */
function mobileRows(results: BenchResults): Row[] {
  const mobile = medianRun(results.mobileRuns);
  if (!mobile) return [{ measure: "Lighthouse mobile", value: "not measured", met: false }];
  const runs = `${results.mobileRuns.length} of ${results.mobileRunsPlanned} runs`;
  const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
  const tbt = spread(results.mobileRuns.map((run) => run.metrics.tbtMs));
  const lcp = spread(results.mobileRuns.map((run) => run.metrics.lcpMs));
  const allRuns = results.mobileRuns.length === results.mobileRunsPlanned;
  return [
    ...categories.map((id) => ({
      measure: `Lighthouse mobile ${id} (median run)`,
      value: score(mobile.scores[id]),
      target: "100",
      met: mobile.scores[id] === 1,
    })),
    {
      measure: "Lighthouse mobile agentic browsing",
      value: score(mobile.scores["agentic-browsing"]),
      target: "all passed",
      met: mobile.scores["agentic-browsing"] === 1,
    },
    { measure: `mobile FCP (median, ${runs})`, value: ms(mobile.metrics.fcpMs) },
    {
      measure: `mobile LCP min / median / max (${runs})`,
      value: range(lcp),
      target: "median ≤ 1000 ms",
      met: lcp.median <= 1000,
    },
    {
      measure: `mobile TBT min / median / max (${runs})`,
      value: range(tbt),
      target: "every run ≤ 50 ms",
      met: allRuns && tbt.max <= 50,
    },
    {
      measure: "mobile TBT per run (host CPU benchmark index)",
      value: results.mobileRuns
        .map((run) => `${run.metrics.tbtMs} (${run.benchmarkIndex})`)
        .join(", "),
    },
    {
      measure: "mobile CLS (median)",
      value: String(mobile.metrics.cls),
      target: "≤ 0.01",
      met: mobile.metrics.cls <= 0.01,
    },
    { measure: "mobile Speed Index (median)", value: ms(mobile.metrics.speedIndexMs) },
    {
      measure: "first view, all bytes (transfer)",
      value: kb(mobile.totalBytes),
      target: "≤ 250 KB",
      met: mobile.totalBytes <= 250_000,
    },
    ...Object.entries(mobile.bytesByType)
      .filter(([, bytes]) => bytes > 0)
      .map(([type, bytes]) => ({ measure: `  of which ${type}`, value: kb(bytes) })),
    { measure: "first view, requests", value: String(mobile.requests) },
  ];
}

function desktopRows(desktop: LighthouseSummary | undefined): Row[] {
  if (!desktop) return [{ measure: "Lighthouse desktop", value: "not measured", met: false }];
  const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
  return [
    ...categories.map((id) => ({
      measure: `Lighthouse desktop ${id}`,
      value: score(desktop.scores[id]),
    })),
    {
      measure: "desktop FCP / LCP / TBT / CLS",
      value: `${desktop.metrics.fcpMs} / ${desktop.metrics.lcpMs} / ${desktop.metrics.tbtMs} ms / ${desktop.metrics.cls}`,
    },
  ];
}

/** The rows of the table, each target beside its figure (KB are 1,000 bytes). */
export function benchRows(results: BenchResults): Row[] {
  const { scripts } = results;
  return [
    ...mobileRows(results),
    ...results.firstTaps.map((tap) => ({
      measure: `first tap on "${tap.target}", 300 ms after FCP, 4x CPU: INP min / median / max (${tap.inpMs.runs} runs)`,
      value: tap.inpMs.runs > 0 ? range(tap.inpMs) : "not measured",
      target: "≤ 200 ms",
      met: tap.failures.length === 0 && tap.inpMs.max <= 200,
    })),
    {
      measure: "JS until the page is interactive (gzip)",
      value: `${kb(scripts.untilHydrated.gzipBytes)} in ${scripts.untilHydrated.files} files`,
      target: "≤ 120 KB",
      met: scripts.untilHydrated.gzipBytes <= 120_000,
    },
    {
      measure: "JS before any interaction, with the idle fetch of the chat (gzip)",
      value: `${kb(scripts.beforeInteraction.gzipBytes)} in ${scripts.beforeInteraction.files} files`,
    },
    {
      measure: "JS after opening the chat (gzip)",
      value: kb(scripts.afterOpeningChat.gzipBytes),
    },
    {
      measure: "JS after sending the form (gzip)",
      value: `${kb(scripts.afterSendingForm.gzipBytes)} (answer ${scripts.afterSendingForm.answered})`,
    },
    ...chatOpenRows(results.chatOpen),
    ...desktopRows(results.desktop),
    ...results.functions.map((f) => ({
      measure: `function, ${f.label}`,
      value: `${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`,
      target: "every 200 stored once",
      met: f.storedExactlyOnce && f.ok === f.total,
    })),
  ];
}

/** What could not be measured, one line each: the table alone would hide it. */
export function missingFigures(results: BenchResults): string[] {
  return [
    ...results.missing,
    ...results.firstTaps.flatMap((tap) =>
      tap.failures.map((failure) => `first tap on "${tap.target}": ${failure}`),
    ),
  ];
}

export function formatTable(rows: readonly Row[]): string {
  const width = (pick: (row: Row) => string) => Math.max(...rows.map((row) => pick(row).length));
  const m = width((r) => r.measure);
  const v = width((r) => r.value);
  const t = width((r) => r.target ?? "");
  return rows
    .map((row) => {
      const verdict = row.met === undefined ? "" : row.met ? "met" : "MISSED";
      return `${row.measure.padEnd(m)}  ${row.value.padStart(v)}  ${(row.target ?? "").padEnd(t)}  ${verdict}`;
    })
    .join("\n");
}
