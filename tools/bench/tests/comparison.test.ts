import assert from "node:assert/strict";
import { test } from "node:test";
import {
  compareMetric,
  comparisonRows,
  meetsTarget,
  metrics,
  ratioOfMedians,
  type Target,
} from "../src/comparison.ts";
import { type LighthouseSummary, spread } from "../src/lighthouse.ts";
import type { PageComparison, Round } from "../src/sideBySide.ts";

/** Our page's simulated run on this machine, as `summarize` gave it (pnpm bench, Lighthouse 13.5). */
const oursRun: LighthouseSummary = {
  scores: {
    performance: 1,
    accessibility: 1,
    "best-practices": 1,
    seo: 1,
    "agentic-browsing": 1,
  },
  metrics: { fcpMs: 891, lcpMs: 943, tbtMs: 87, cls: 0, speedIndexMs: 891, mainThreadMs: 1704 },
  bytesByType: {
    other: 115091,
    document: 20388,
    script: 6600,
    stylesheet: 0,
    image: 0,
    media: 0,
    font: 0,
    "third-party": 0,
  },
  scriptTransferBytes: 117290,
  totalBytes: 142079,
  requests: 16,
  failedAudits: [
    "total-blocking-time (0.99)",
    "max-potential-fid (0.81)",
    "unused-javascript (0.5)",
  ],
  benchmarkIndex: 3220,
};

/** The static template's run right after it. */
const templateRun: LighthouseSummary = {
  ...oursRun,
  metrics: { fcpMs: 790, lcpMs: 839, tbtMs: 55, cls: 0, speedIndexMs: 790, mainThreadMs: 780 },
  bytesByType: { ...oursRun.bytesByType, other: 0, document: 13395, script: 0, stylesheet: 7460 },
  scriptTransferBytes: 0,
  totalBytes: 20855,
  requests: 2,
  failedAudits: ["max-potential-fid (0.85)", "render-blocking-insight (0.5)"],
  benchmarkIndex: 3368,
};

const run = (
  base: LighthouseSummary,
  figures: Partial<LighthouseSummary["metrics"]>,
  performance = 1,
): LighthouseSummary => ({
  ...base,
  scores: { ...base.scores, performance },
  metrics: { ...base.metrics, ...figures },
});

/** Five alternating rounds; Lighthouse could not measure our page in the fourth. */
const rounds: Round[] = [
  {
    first: "ours",
    ours: run(oursRun, { tbtMs: 87, lcpMs: 943 }, 0.99),
    template: run(templateRun, { tbtMs: 55, lcpMs: 839 }),
  },
  {
    first: "template",
    ours: run(oursRun, { tbtMs: 40, lcpMs: 900 }),
    template: run(templateRun, { tbtMs: 61, lcpMs: 1500 }),
  },
  {
    first: "ours",
    ours: run(oursRun, { tbtMs: 120, lcpMs: 880 }, 0.98),
    template: run(templateRun, { tbtMs: 0, lcpMs: 1600 }),
  },
  { first: "template", template: run(templateRun, { tbtMs: 30, lcpMs: 1700 }) },
  {
    first: "ours",
    ours: run(oursRun, { tbtMs: 10, lcpMs: 910 }),
    template: run(templateRun, { tbtMs: 70, lcpMs: 1650 }),
  },
];

const pick = (id: string) => {
  const metric = metrics.find((m) => m.id === id);
  assert.ok(metric, id);
  return metric.pick;
};

test("each side is spread over the runs it has; a missing run leaves the other side whole", () => {
  const tbt = compareMetric(rounds, pick("tbt"));
  assert.deepEqual(tbt.ours, { min: 10, median: 87, max: 120, runs: 4 });
  assert.deepEqual(tbt.template, { min: 0, median: 55, max: 70, runs: 5 });
  assert.equal(tbt.ratio, 87 / 55);
});

test("the score is compared in Lighthouse's 0–100 and JS by the bytes of every script file", () => {
  assert.deepEqual(compareMetric(rounds, pick("score")).ours, {
    min: 98,
    median: 100,
    max: 100,
    runs: 4,
  });
  const js = compareMetric(rounds, pick("jsBytes"));
  assert.equal(js.ours.median, 117.3);
  assert.equal(js.template.median, 0);
});

test("the ratio of medians: two zeros are equal, anything over a zero is infinite, no run is n/a", () => {
  const zero = spread([0, 0, 3]);
  assert.equal(ratioOfMedians(spread([0]), zero), 1);
  assert.equal(ratioOfMedians(spread([12]), zero), Number.POSITIVE_INFINITY);
  assert.ok(Number.isNaN(ratioOfMedians(spread([]), zero)));
});

test("targets compare our median with the template's, scaled, and fail without runs", () => {
  const lcp = compareMetric(rounds, pick("lcp")); // ours 910, template 1600
  const both = ["simulated", "real"] as const;
  const atMost = (factor: number): Target => ({
    metric: "lcp",
    relation: "atMost",
    factor,
    sets: both,
  });
  assert.equal(meetsTarget(atMost(0.6), lcp), true);
  assert.equal(meetsTarget(atMost(0.5), lcp), false);
  const tbt = compareMetric(rounds, pick("tbt")); // ours 87, template 55
  assert.equal(
    meetsTarget({ metric: "tbt", relation: "atMost", factor: 1, sets: both }, tbt),
    false,
  );
  const score = compareMetric(rounds, pick("score")); // 100 and 100
  assert.equal(
    meetsTarget({ metric: "score", relation: "atLeast", factor: 1, sets: both }, score),
    true,
  );
  const none = compareMetric(
    rounds.map(({ first, template }) => (template ? { first, template } : { first })),
    pick("tbt"),
  );
  assert.equal(
    meetsTarget({ metric: "tbt", relation: "atMost", factor: 1, sets: both }, none),
    false,
  );
});

test("the table judges each set apart and says how many runs a side is missing", () => {
  const real: Round[] = [
    {
      first: "ours",
      ours: run(oursRun, { tbtMs: 0, lcpMs: 895 }),
      template: run(templateRun, { tbtMs: 0, lcpMs: 1697 }),
    },
  ];
  const comparison: PageComparison = { simulated: rounds, real, missing: [] };
  const rows = comparisonRows(comparison);
  const row = (set: string, label: string) => {
    const start = rows.findIndex((r) => r.measure.includes(set));
    return rows.slice(start).find((r) => r.measure.trim() === label);
  };
  assert.equal(row("simulated", "TBT, ms")?.met, false);
  assert.match(row("simulated", "TBT, ms")?.value ?? "", /\(4 of 5\)/);
  // LCP is judged where round trips are real; the simulation only prints it.
  assert.equal(row("simulated", "LCP, ms")?.met, undefined);
  assert.equal(row("real 4x", "LCP, ms")?.met, true);
  assert.equal(row("real 4x", "TBT, ms")?.met, true);
  assert.equal(row("simulated", "FCP, ms")?.met, undefined);
  // The per-round row shows the round Lighthouse missed.
  assert.match(rows.find((r) => r.measure.includes("per round"))?.value ?? "", /n\/a\/30/);
  const simulatedOnly = comparisonRows({ simulated: rounds, real: [], missing: [] });
  assert.ok(!simulatedOnly.some((r) => r.measure.includes("real 4x")));
});

test("with the context pages, the simulated set prints the three-line page's LCP against the template's", () => {
  const withFloor: Round[] = rounds.map((round) => ({
    ...round,
    minimal: run(templateRun, { lcpMs: 1360 }),
  }));
  const rows = comparisonRows({ simulated: withFloor, real: [], missing: [] });
  const floor = rows.find((r) => r.measure.includes("three-line page"));
  // The template's median LCP is 1600 ms in these rounds.
  assert.match(floor?.value ?? "", /1360 \/ 1360 \/ 1360, ×0\.85 the template's/);
  assert.ok(
    !comparisonRows({ simulated: rounds, real: [], missing: [] }).some((r) =>
      r.measure.includes("three-line page"),
    ),
  );
});
