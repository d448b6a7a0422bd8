/**
 * The side-by-side tables: each Lighthouse figure of our page beside a reference's (our page made
 * static, and AstroWind), as min / median / max, with the ratio of the medians, and the speed
 * targets judged against the reference measured in the same rounds rather than against absolute
 * numbers: on a host whose speed drifts 2x, an absolute "TBT ≤ 50 ms" says more about the host
 * than about the page.
 */
import { calibrationText } from "./calibration.ts";
import { type LighthouseSummary, type Spread, spread } from "./lighthouse.ts";
import type { Row } from "./report.ts";
import type { PageComparison, Round } from "./sideBySide.ts";

/** A page our page is compared with, measured in the same rounds. */
export type Reference = "template" | "peer";

interface Metric {
  id: string;
  label: string;
  pick(run: LighthouseSummary): number;
}

/** The compared figures, in the table's order. A figure a run lacks is NaN, and left out. */
export const metrics = [
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
  { id: "cls", label: "CLS", pick: (run) => run.metrics.cls },
  { id: "accessibility", label: "accessibility", pick: categoryScore("accessibility") },
  { id: "bestPractices", label: "best practices", pick: categoryScore("best-practices") },
  { id: "seo", label: "SEO", pick: categoryScore("seo") },
] as const satisfies readonly Metric[];

export type MetricId = (typeof metrics)[number]["id"];

function categoryScore(id: string): (run: LighthouseSummary) => number {
  return (run) => Math.round((run.scores[id] ?? Number.NaN) * 100);
}

export interface MetricComparison {
  ours: Spread;
  reference: Spread;
  /** Our median ÷ the reference's; NaN when either side has no run. */
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
  reference: Reference = "template",
): MetricComparison {
  const values = (side: "ours" | Reference) =>
    rounds.flatMap((round) => {
      const run = round[side];
      return run ? [pick(run)] : [];
    });
  const ours = spread(values("ours"));
  const theirs = spread(values(reference));
  return { ours, reference: theirs, ratio: ratioOfMedians(ours, theirs) };
}

export type RoundSet = "simulated" | "real";

export interface Target {
  metric: MetricId;
  /** Our median must be at least, or at most, `factor` times the reference's, or `bound`. */
  relation: "atLeast" | "atMost";
  factor?: number;
  /**
   * A fixed bound: alone, the target is absolute (CLS 0); beside `factor`, reaching either one
   * meets the target (TBT at most AstroWind's, or 50 ms where AstroWind's is lower).
   */
  bound?: number;
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
export const templateTargets: readonly Target[] = [
  { metric: "score", relation: "atLeast", factor: 1, sets: ["simulated", "real"] },
  { metric: "lcp", relation: "atMost", factor: 0.6, sets: ["real"] },
  { metric: "tbt", relation: "atMost", factor: 1, sets: ["simulated", "real"] },
];

const both: readonly RoundSet[] = ["simulated", "real"];

/**
 * Ahead of AstroWind, the best-known static Astro template, on every row at the calibrated speed.
 * Its LCP pays a second round trip for its stylesheet, which our inline one saves: 0.6 of it where
 * round trips are real, and no more than it in Lighthouse's simulation, which charges documents
 * round trips by size (see `templateTargets`). A TBT of 50 ms or less meets its target whatever
 * AstroWind's: below that, TBT is noise of the host.
 */
export const peerTargets: readonly Target[] = [
  { metric: "score", relation: "atLeast", factor: 1, sets: both },
  { metric: "tbt", relation: "atMost", factor: 1, bound: 50, sets: both },
  { metric: "mainThread", relation: "atMost", factor: 1, sets: both },
  { metric: "lcp", relation: "atMost", factor: 1, sets: ["simulated"] },
  { metric: "lcp", relation: "atMost", factor: 0.6, sets: ["real"] },
  { metric: "cls", relation: "atMost", bound: 0, sets: both },
  { metric: "accessibility", relation: "atLeast", bound: 100, sets: both },
  { metric: "bestPractices", relation: "atLeast", bound: 100, sets: both },
  { metric: "seo", relation: "atLeast", bound: 100, sets: both },
];

const targetsOf: Record<Reference, readonly Target[]> = {
  template: templateTargets,
  peer: peerTargets,
};

/**
 * Whether the medians meet the target; never when our side, or the reference a relative target
 * needs, has no run to judge by.
 */
export function meetsTarget(target: Target, comparison: MetricComparison): boolean {
  const { ours, reference } = comparison;
  if (ours.runs === 0) return false;
  const limits = [
    ...(target.factor === undefined || reference.runs === 0
      ? []
      : [target.factor * reference.median]),
    ...(target.bound === undefined ? [] : [target.bound]),
  ];
  if (target.factor !== undefined && reference.runs === 0) return false;
  return limits.some((limit) =>
    target.relation === "atLeast" ? ours.median >= limit : ours.median <= limit,
  );
}

function targetText({ relation, factor, bound }: Target, reference: Reference): string {
  const sign = relation === "atLeast" ? "≥" : "≤";
  const relative =
    factor === undefined
      ? undefined
      : `${factor === 1 ? "" : `${factor} × `}${referenceName[reference]}'s`;
  if (relative === undefined) return `median ${sign} ${bound}`;
  return `median ${sign} ${relative}${bound === undefined ? "" : ` or ${sign} ${bound}`}`;
}

const referenceName: Record<Reference, string> = { template: "template", peer: "AstroWind" };

const setTitle: Record<RoundSet, string> = {
  simulated: "Lighthouse mobile, simulated",
  real: "Lighthouse mobile, real CPU slowdown (DevTools)",
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

/** The figures shown beside each reference: the template's table keeps its figures. */
const shownAgainst: Record<Reference, readonly MetricId[]> = {
  template: ["score", "fcp", "lcp", "tbt", "speedIndex", "mainThread", "jsBytes"],
  peer: metrics.map((metric) => metric.id),
};

/**
 * The rows of one set against one reference: a heading, then each figure as
 * `ours | reference | ratio`, aligned. `judged` false prints the figures without targets (the
 * uncalibrated warm-up).
 */
function setRows(
  title: string,
  set: RoundSet,
  rounds: readonly Round[],
  reference: Reference,
  judged = true,
): Row[] {
  return alignedRows(
    `${title} (${rounds.length} round${rounds.length === 1 ? "" : "s"}, ${hostIndex(rounds)}): ours beside ${referenceName[reference]}`,
    ["ours min / median / max", `${referenceName[reference]} min / median / max`, "ratio"],
    metrics
      .filter((metric) => shownAgainst[reference].includes(metric.id))
      .map((metric) => {
        const comparison = compareMetric(rounds, metric.pick, reference);
        const target = judged
          ? targetsOf[reference].find((t) => t.metric === metric.id && t.sets.includes(set))
          : undefined;
        return {
          measure: `  ${metric.label}`,
          cells: [
            spreadCell(comparison.ours, rounds.length),
            spreadCell(comparison.reference, rounds.length),
            ratioCell(comparison.ratio),
          ],
          ...(target
            ? { target: targetText(target, reference), met: meetsTarget(target, comparison) }
            : {}),
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
  const peer = rounds.some((r) => r.peer);
  const pages = [
    "ours",
    "template",
    ...(peer ? ["AstroWind"] : []),
    ...(context ? ["without app", "3-line"] : []),
  ];
  return {
    measure: `  TBT per round, ${pages.join("/")}, ms`,
    value: rounds
      .map((round) =>
        [
          round.ours,
          round.template,
          ...(peer ? [round.peer] : []),
          ...(context ? [round.withoutApp, round.minimal] : []),
        ]
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
  const template = compareMetric(rounds, (run) => run.metrics.lcpMs).reference;
  return {
    measure: "  LCP of a three-line page (the simulation's floor), ms",
    value: `${spreadCell(floor, rounds.length)}, ${ratioCell(ratioOfMedians(floor, template))} the template's`,
  };
}

/** The range of Lighthouse's CPU benchmark index (higher is faster) over a set's runs. */
function hostIndex(rounds: readonly Round[]): string {
  const { min, max, runs } = spread(
    rounds
      .flatMap((round) => [round.ours, round.template, round.peer])
      .map((run) => run?.benchmarkIndex ?? Number.NaN),
  );
  return runs > 0 ? `host index ${min}–${max}` : "host index n/a";
}

/**
 * The side-by-side tables: the calibration, the uncalibrated warm-up for the record, then the
 * simulated set and the real one, each against the template and against AstroWind. A missing peer
 * gets a row that says why instead of its tables.
 */
export function comparisonRows(comparison: PageComparison): Row[] {
  const sets: Array<[RoundSet, readonly Round[]]> = [
    ["simulated", comparison.simulated],
    ["real", comparison.real],
  ];
  const peerMissing = comparison.missing.find((line) => line.startsWith("AstroWind: "));
  const peerMeasured = [...comparison.simulated, ...comparison.real].some((round) => round.peer);
  const references: Reference[] = peerMeasured ? ["template", "peer"] : ["template"];
  const warmUp = comparison.uncalibrated.length > 0;
  return [
    { measure: "Lighthouse CPU calibration", value: calibrationText(comparison.calibration) },
    ...(peerMeasured
      ? []
      : [
          {
            measure: "AstroWind (the peer)",
            value: `not measured: ${peerMissing?.slice("AstroWind: ".length) ?? "no run"}`,
            met: false,
          },
        ]),
    ...(warmUp
      ? references.flatMap((reference) =>
          setRows(
            "Uncalibrated warm-up at the preset's 4x, for the record only",
            "simulated",
            comparison.uncalibrated,
            reference,
            false,
          ),
        )
      : []),
    ...sets
      .filter(([, rounds]) => rounds.length > 0)
      .flatMap(([set, rounds]) => {
        const title = `${setTitle[set]}, CPU ${comparison.calibration.cpuSlowdown}x`;
        const floor = set === "simulated" ? lcpFloorRow(rounds) : undefined;
        return [
          ...references.flatMap((reference) => setRows(title, set, rounds, reference)),
          perRoundRow(set, rounds),
          ...(floor ? [floor] : []),
        ];
      }),
  ];
}
