import assert from "node:assert/strict";
import { test } from "node:test";
import {
  compareMetric,
  comparisonRows,
  meetsTarget,
  metrics,
  peerTargets,
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

/** The comparison `comparePages` gives for these rounds, calibrated on a host of index 2,200. */
function pages(simulated: Round[], real: Round[] = [], missing: string[] = []): PageComparison {
  return {
    calibration: { benchmarkIndex: 2200, cpuSlowdown: 5.03 },
    uncalibrated: simulated.slice(0, 1),
    simulated,
    real,
    missing,
  };
}

test("each side is spread over the runs it has; a missing run leaves the other side whole", () => {
  const tbt = compareMetric(rounds, pick("tbt"));
  assert.deepEqual(tbt.ours, { min: 10, median: 87, max: 120, runs: 4 });
  assert.deepEqual(tbt.reference, { min: 0, median: 55, max: 70, runs: 5 });
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
  assert.equal(js.reference.median, 0);
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
  const comparison = pages(rounds, real);
  const rows = comparisonRows(comparison);
  const row = (set: string, label: string) => {
    const start = rows.findIndex((r) => r.measure.includes(set));
    return rows.slice(start).find((r) => r.measure.trim() === label);
  };
  assert.equal(row("simulated", "TBT, ms")?.met, false);
  assert.match(row("simulated", "TBT, ms")?.value ?? "", /\(4 of 5\)/);
  // LCP is judged where round trips are real; the simulation only prints it.
  assert.equal(row("simulated", "LCP, ms")?.met, undefined);
  assert.equal(row("real CPU", "LCP, ms")?.met, true);
  assert.equal(row("real CPU", "TBT, ms")?.met, true);
  assert.equal(row("simulated", "FCP, ms")?.met, undefined);
  // The per-round row shows the round Lighthouse missed.
  assert.match(rows.find((r) => r.measure.includes("per round"))?.value ?? "", /n\/a\/30/);
  const simulatedOnly = comparisonRows(pages(rounds));
  assert.ok(!simulatedOnly.some((r) => r.measure.includes("real CPU")));
});

test("with the context pages, the simulated set prints the three-line page's LCP against the template's", () => {
  const withFloor: Round[] = rounds.map((round) => ({
    ...round,
    minimal: run(templateRun, { lcpMs: 1360 }),
  }));
  const rows = comparisonRows(pages(withFloor));
  const floor = rows.find((r) => r.measure.includes("three-line page"));
  // The template's median LCP is 1600 ms in these rounds.
  assert.match(floor?.value ?? "", /1360 \/ 1360 \/ 1360, ×0\.85 the template's/);
  assert.ok(!comparisonRows(pages(rounds)).some((r) => r.measure.includes("three-line page")));
});

/** AstroWind's run in the same round. */
const peerRun: LighthouseSummary = {
  ...templateRun,
  metrics: { fcpMs: 1500, lcpMs: 1750, tbtMs: 40, cls: 0, speedIndexMs: 1600, mainThreadMs: 1600 },
  benchmarkIndex: 3300,
};

const peerTarget = (metric: Target["metric"], set: "simulated" | "real") => {
  const target = peerTargets.find((t) => t.metric === metric && t.sets.includes(set));
  assert.ok(target, `a target for ${metric} in the ${set} rounds`);
  return target;
};

test("against AstroWind, TBT meets its target at or below AstroWind's, or at or below 50 ms", () => {
  const withPeer = (oursTbt: number, peerTbt: number): Round[] => [
    {
      first: "ours",
      ours: run(oursRun, { tbtMs: oursTbt }),
      peer: run(peerRun, { tbtMs: peerTbt }),
    },
  ];
  const judge = (oursTbt: number, peerTbt: number) =>
    meetsTarget(
      peerTarget("tbt", "simulated"),
      compareMetric(withPeer(oursTbt, peerTbt), pick("tbt"), "peer"),
    );
  assert.equal(judge(45, 20), true, "under 50 ms, whatever AstroWind's");
  assert.equal(judge(60, 20), false);
  assert.equal(judge(70, 76), true);
  assert.equal(judge(80, 76), false);
});

test("against AstroWind, LCP is held to 0.6 of its LCP in the real rounds and to its LCP in the simulated", () => {
  const lcp = (oursLcp: number): Round[] => [
    { first: "ours", ours: run(oursRun, { lcpMs: oursLcp }), peer: run(peerRun, { lcpMs: 1750 }) },
  ];
  const judge = (set: "simulated" | "real", oursLcp: number) =>
    meetsTarget(peerTarget("lcp", set), compareMetric(lcp(oursLcp), pick("lcp"), "peer"));
  assert.equal(judge("simulated", 1700), true);
  assert.equal(judge("simulated", 1800), false);
  assert.equal(judge("real", 1050), true);
  assert.equal(judge("real", 1100), false);
});

test("CLS and the other categories are absolute targets, judged without AstroWind's runs", () => {
  const ours = (figures: Partial<LighthouseSummary["metrics"]>, seo = 1): Round[] => [
    { first: "ours", ours: { ...run(oursRun, figures), scores: { ...oursRun.scores, seo } } },
  ];
  const judge = (metric: Target["metric"], rounds: Round[]) =>
    meetsTarget(peerTarget(metric, "real"), compareMetric(rounds, pick(metric), "peer"));
  assert.equal(judge("cls", ours({ cls: 0 })), true);
  assert.equal(judge("cls", ours({ cls: 0.002 })), false);
  assert.equal(judge("seo", ours({}, 1)), true);
  assert.equal(judge("seo", ours({}, 0.92)), false);
  // A relative target without AstroWind's runs is not met.
  assert.equal(judge("mainThread", ours({})), false);
});

test("the table prints the calibration, the warm-up without targets, and each set against AstroWind", () => {
  const withPeer = rounds.map((round, index) => ({
    ...round,
    peer: run(peerRun, { tbtMs: 40 + index, mainThreadMs: 1600 }),
  }));
  const rows = comparisonRows(pages(withPeer, withPeer));
  assert.match(rows[0]?.value ?? "", /index 2200, CPU slowdown 4 × 2200 ÷ 1750 = 5\.03x/);
  const headings = rows.filter((r) => !r.measure.startsWith(" ")).map((r) => r.measure);
  assert.ok(headings.some((h) => /^Uncalibrated warm-up.*beside AstroWind$/.test(h)));
  assert.ok(
    headings.some((h) => /^Lighthouse mobile, simulated, CPU 5\.03x.*beside AstroWind$/.test(h)),
  );
  assert.ok(
    headings.some((h) => /^Lighthouse mobile, real CPU slowdown.*beside AstroWind$/.test(h)),
  );
  const section = (heading: RegExp) => {
    const start = rows.findIndex((r) => heading.test(r.measure));
    const end = rows.findIndex((r, index) => index > start && !r.measure.startsWith(" "));
    return rows.slice(start + 1, end === -1 ? undefined : end);
  };
  assert.ok(section(/^Uncalibrated.*AstroWind$/).every((r) => r.met === undefined));
  const simulated = section(/^Lighthouse mobile, simulated.*AstroWind$/);
  // Ours: main-thread 1704 ms against AstroWind's 1600; TBT 87 against 42.
  assert.equal(simulated.find((r) => r.measure.trim() === "main-thread work, ms")?.met, false);
  assert.equal(simulated.find((r) => r.measure.trim() === "TBT, ms")?.met, false);
  assert.equal(simulated.find((r) => r.measure.trim() === "CLS")?.met, true);
  assert.match(rows.find((r) => r.measure.includes("TBT per round"))?.measure ?? "", /AstroWind/);
});

test("without the peer, a row says why and the template's tables stand", () => {
  const rows = comparisonRows(
    pages(rounds, [], ["AstroWind: no built page at /nowhere (pass --peer DIR)"]),
  );
  const peer = rows.find((r) => r.measure === "AstroWind (the peer)");
  assert.equal(peer?.value, "not measured: no built page at /nowhere (pass --peer DIR)");
  assert.equal(peer?.met, false);
  assert.ok(rows.some((r) => /simulated.*beside template$/.test(r.measure)));
});
