/**
 * The side-by-side table: each Lighthouse figure of our page beside the static template's, as
 * min / median / max, with the ratio of the medians, and the speed targets judged against the
 * template rather than against absolute numbers: on a host whose speed drifts 2x, an absolute
 * "TBT ≤ 50 ms" says more about the host than about the page.
 */
import { type LighthouseSummary, type Spread, spread } from "./lighthouse.ts";
import type { Row } from "./report.ts";
import type { PageComparison, Round } from "./sideBySide.ts";

export type MetricId = "score" | "fcp" | "lcp" | "tbt" | "speedIndex" | "mainThread" | "jsBytes";

interface Metric {
  id: MetricId;
  label: string;
  pick(run: LighthouseSummary): number;
}

/** The compared figures, in the table's order. A figure a run lacks is NaN, and left out. */
export const metrics: readonly Metric[] = [
  {
    id: "score",
    label: "performance score",
    pick: (run) => Math.round((run.scores.performance ?? Number.NaN) * 100),
  },
  { id: "fcp", label: "FCP, ms", pick: (run) => run.metrics.fcpMs },
  { id: "lcp", label: "LCP, ms", pick: (run) => run.metrics.lcpMs },
  { id: "tbt", label: "TBT, ms", pick: (run) => run.metrics.tbtMs },
  { id: "speedIndex", label: "Speed Index, ms", pick: (run) => run.metrics.speedIndexMs },
  { id: "mainThread", label: "main-thread work, ms", pick: (run) => run.metrics.mainThreadMs },
  {
    id: "jsBytes",
    label: "JS transferred, KB",
    // Script files only, however fetched: inline scripts travel in the document.
    pick: (run) => Math.round(run.scriptTransferBytes / 100) / 10,
  },
];

export interface MetricComparison {
  ours: Spread;
  template: Spread;
  /** Our median ÷ the template's; NaN when either side has no run. */
  ratio: number;
}

/** Our median ÷ the template's. Two zeros are equal (1); anything over a zero is infinitely more. */
export function ratioOfMedians(ours: Spread, template: Spread): number {
  if (ours.runs === 0 || template.runs === 0) return Number.NaN;
  if (template.median === 0) return ours.median === 0 ? 1 : Number.POSITIVE_INFINITY;
  return ours.median / template.median;
}

/** One figure across the rounds, each side over the runs Lighthouse could measure. */
export function compareMetric(
  rounds: readonly Round[],
  pick: (run: LighthouseSummary) => number,
): MetricComparison {
  const values = (side: "ours" | "template") =>
    rounds.flatMap((round) => {
      const run = round[side];
      return run ? [pick(run)] : [];
    });
  const ours = spread(values("ours"));
  const template = spread(values("template"));
  return { ours, template, ratio: ratioOfMedians(ours, template) };
}

export type RoundSet = "simulated" | "real";

export interface Target {
  metric: MetricId;
  /** Our median must be at least, or at most, `factor` times the template's. */
  relation: "atLeast" | "atMost";
  factor: number;
  /** The sets of rounds the target is judged in. */
  sets: readonly RoundSet[];
}

/**
 * The page must score at least as well as a page with no app and block the main thread no longer
 * than it, in both sets; and paint its largest element in at most 0.6 of its time, since the
 * inline stylesheet saves the template's second round trip before any paint. That last one is
 * judged where round trips are real: Lighthouse's simulation (Lantern) charges a 13 KB document
 * one round trip and a 20 KB one two, whatever it holds, and gives a three-line page a simulated
 * LCP of about 0.85 of the template's, so no page could reach 0.6 there (the context rows print
 * that floor in each full run).
 */
export const targets: readonly Target[] = [
  { metric: "score", relation: "atLeast", factor: 1, sets: ["simulated", "real"] },
  { metric: "lcp", relation: "atMost", factor: 0.6, sets: ["real"] },
  { metric: "tbt", relation: "atMost", factor: 1, sets: ["simulated", "real"] },
];

/** Whether the medians meet the target; never when a side has no run to judge by. */
export function meetsTarget(target: Target, comparison: MetricComparison): boolean {
  const { ours, template } = comparison;
  if (ours.runs === 0 || template.runs === 0) return false;
  const limit = target.factor * template.median;
  return target.relation === "atLeast" ? ours.median >= limit : ours.median <= limit;
}

function targetText({ relation, factor }: Target): string {
  const sign = relation === "atLeast" ? "≥" : "≤";
  return `median ${sign} ${factor === 1 ? "" : `${factor} × `}template's`;
}

const setTitle: Record<RoundSet, string> = {
  simulated: "Lighthouse mobile, simulated",
  real: "Lighthouse mobile, real 4x CPU (DevTools)",
};

export function spreadCell(figure: Spread, planned: number): string {
  if (figure.runs === 0) return "not measured";
  const runs = figure.runs < planned ? ` (${figure.runs} of ${planned})` : "";
  return `${figure.min} / ${figure.median} / ${figure.max}${runs}`;
}

export function ratioCell(ratio: number): string {
  if (Number.isNaN(ratio)) return "n/a";
  return Number.isFinite(ratio) ? `×${ratio.toFixed(2)}` : "×∞";
}

/**
 * A heading row and one row per figure, each `ours | reference | ratio`, padded into columns.
 * `heading` names the columns; each figure's cells come in the same order.
 */
export function alignedRows(
  title: string,
  heading: readonly string[],
  figures: ReadonlyArray<Omit<Row, "value"> & { cells: readonly string[] }>,
): Row[] {
  const widths = heading.map((name, index) =>
    Math.max(name.length, ...figures.map(({ cells }) => cells[index]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join(" | ");
  return [
    { measure: title, value: line(heading) },
    ...figures.map(({ cells, ...row }) => ({ ...row, value: line(cells) })),
  ];
}

/** The rows of one set: a heading, then each figure as `ours | template | ratio`, aligned. */
function setRows(set: RoundSet, rounds: readonly Round[]): Row[] {
  return alignedRows(
    `${setTitle[set]} (${rounds.length} round${rounds.length === 1 ? "" : "s"}, ${hostIndex(rounds)})`,
    ["ours min / median / max", "template min / median / max", "ratio"],
    metrics.map((metric) => {
      const comparison = compareMetric(rounds, metric.pick);
      const target = targets.find((t) => t.metric === metric.id && t.sets.includes(set));
      return {
        measure: `  ${metric.label}`,
        cells: [
          spreadCell(comparison.ours, rounds.length),
          spreadCell(comparison.template, rounds.length),
          ratioCell(comparison.ratio),
        ],
        ...(target ? { target: targetText(target), met: meetsTarget(target, comparison) } : {}),
      };
    }),
  );
}

const tbt = (run: LighthouseSummary | undefined) => (run ? String(run.metrics.tbtMs) : "n/a");

/**
 * Each round's TBT, in the order the rounds ran: how much the medians absorbed. With the context
 * pages, also the page without its app and the three-line page, which show how much of the figure
 * is the document's and how much the host's.
 */
function perRoundRow(set: RoundSet, rounds: readonly Round[]): Row {
  const context = set === "simulated" && rounds.some((r) => r.withoutApp || r.minimal);
  const pages = context ? "ours/template/without app/3-line" : "ours/template";
  return {
    measure: `  TBT per round, ${pages}, ms`,
    value: rounds
      .map((round) =>
        (context
          ? [round.ours, round.template, round.withoutApp, round.minimal]
          : [round.ours, round.template]
        )
          .map(tbt)
          .join("/"),
      )
      .join("  "),
  };
}

/**
 * The LCP a three-line page gets in the same simulated rounds, beside the template's: the floor
 * of Lighthouse's simulation on this host, which no page can go below. Undefined without the
 * context pages (`--only=page`).
 */
function lcpFloorRow(rounds: readonly Round[]): Row | undefined {
  const floor = spread(
    rounds.flatMap((round) => (round.minimal ? [round.minimal.metrics.lcpMs] : [])),
  );
  if (floor.runs === 0) return undefined;
  const template = compareMetric(rounds, (run) => run.metrics.lcpMs).template;
  return {
    measure: "  LCP of a three-line page (the simulation's floor), ms",
    value: `${spreadCell(floor, rounds.length)}, ${ratioCell(ratioOfMedians(floor, template))} the template's`,
  };
}

/** The range of Lighthouse's CPU benchmark index (higher is faster) over a set's runs. */
function hostIndex(rounds: readonly Round[]): string {
  const { min, max, runs } = spread(
    rounds
      .flatMap((round) => [round.ours, round.template])
      .map((run) => run?.benchmarkIndex ?? Number.NaN),
  );
  return runs > 0 ? `host index ${min}–${max}` : "host index n/a";
}

/** The side-by-side table, the simulated set then the real 4x one. */
export function comparisonRows(comparison: PageComparison): Row[] {
  const sets: Array<[RoundSet, readonly Round[]]> = [
    ["simulated", comparison.simulated],
    ["real", comparison.real],
  ];
  return sets
    .filter(([, rounds]) => rounds.length > 0)
    .flatMap(([set, rounds]) => {
      const floor = set === "simulated" ? lcpFloorRow(rounds) : undefined;
      return [...setRows(set, rounds), perRoundRow(set, rounds), ...(floor ? [floor] : [])];
    });
}
