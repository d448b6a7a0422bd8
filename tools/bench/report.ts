import type { FunctionBenchResult } from "./functionBench.ts";
import type { LighthouseSummary } from "./lighthouse.ts";
import type { ScriptBytes } from "./scriptBytes.ts";

export interface BenchResults {
  date: string;
  mobileRuns: LighthouseSummary[];
  mobile: LighthouseSummary;
  desktop: LighthouseSummary;
  scripts: ScriptBytes;
  functions: FunctionBenchResult[];
}

interface Row {
  measure: string;
  value: string;
  target?: string;
  met?: boolean;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${value} ms`;
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "n/a" : String(Math.round(value * 100));

/** The rows of the table, each target beside its figure (KB are 1,000 bytes). */
export function benchRows(results: BenchResults): Row[] {
  const { mobile, desktop, scripts } = results;
  const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
  const rows: Row[] = [
    ...categories.map((id) => ({
      measure: `Lighthouse mobile ${id}`,
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
    { measure: "mobile FCP (median of 3)", value: ms(mobile.metrics.fcpMs) },
    {
      measure: "mobile LCP (median of 3)",
      value: ms(mobile.metrics.lcpMs),
      target: "≤ 1200 ms",
      met: mobile.metrics.lcpMs <= 1200,
    },
    {
      measure: "mobile TBT (median of 3)",
      value: ms(mobile.metrics.tbtMs),
      target: "≤ 50 ms",
      met: mobile.metrics.tbtMs <= 50,
    },
    {
      measure: "mobile CLS (median of 3)",
      value: String(mobile.metrics.cls),
      target: "≤ 0.01",
      met: mobile.metrics.cls <= 0.01,
    },
    { measure: "mobile Speed Index (median of 3)", value: ms(mobile.metrics.speedIndexMs) },
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
    {
      measure: "JS before any interaction (gzip)",
      value: `${kb(scripts.beforeInteraction.gzipBytes)} in ${scripts.beforeInteraction.files} files`,
      target: "≤ 120 KB",
      met: scripts.beforeInteraction.gzipBytes <= 120_000,
    },
    {
      measure: "JS after opening the chat (gzip)",
      value: kb(scripts.afterOpeningChat.gzipBytes),
    },
    {
      measure: "JS after sending the form (gzip)",
      value: `${kb(scripts.afterSendingForm.gzipBytes)} (answer ${scripts.afterSendingForm.answered})`,
    },
    ...categories.map((id) => ({
      measure: `Lighthouse desktop ${id}`,
      value: score(desktop.scores[id]),
    })),
    {
      measure: "desktop FCP / LCP / TBT / CLS",
      value: `${desktop.metrics.fcpMs} / ${desktop.metrics.lcpMs} / ${desktop.metrics.tbtMs} ms / ${desktop.metrics.cls}`,
    },
    ...results.functions.map((f) => ({
      measure: `function, ${f.label}`,
      value: `${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`,
      target: "every 200 stored once",
      met: f.storedExactlyOnce && f.ok === f.total,
    })),
  ];
  return rows;
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
