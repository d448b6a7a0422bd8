import assert from "node:assert/strict";
import { test } from "node:test";
import type { FunctionBenchResult } from "../src/functionBench.ts";
import { stackRows } from "../src/report.ts";
import { embeddedLabel, textsOffLabel } from "../src/stackBench.ts";

const run = (label: string, requestsPerSecond: number): FunctionBenchResult => ({
  label,
  total: 300,
  concurrency: 25,
  ok: 300,
  statuses: { 200: 300 },
  seconds: 300 / requestsPerSecond,
  requestsPerSecond,
  p50Ms: 100,
  p99Ms: 150,
  storedExactlyOnce: true,
  cpuMsPerLead: 8,
});

test("texts on ÷ off is judged by the ratio of medians, each round's own ratio printed beside it", () => {
  // The host is slower in the second round than in the others; each round's own ratio compares
  // two runs made minutes apart.
  const rows = stackRows({
    start: {
      cold: { min: 0, median: 0, max: 0, runs: 0 },
      warm: { min: 0, median: 0, max: 0, runs: 0 },
    },
    functions: [
      { label: embeddedLabel, rounds: [150, 90, 140].map((rps) => run(embeddedLabel, rps)) },
      { label: textsOffLabel, rounds: [160, 100, 175].map((rps) => run(textsOffLabel, rps)) },
    ],
    hostIndex: { before: 2400, after: 2100 },
  });
  const row = rows.find((r) => r.measure.startsWith("function leads/s, owner texts on ÷ off"));
  assert.ok(row, "no texts on ÷ off row");
  assert.equal(row.value, "0.88 (each round's own: 0.80 / 0.90 / 0.94)");
  assert.equal(row.met, false);
  const host = rows.find((r) => r.measure.startsWith("host: Lighthouse's benchmark index"));
  assert.match(host?.value ?? "", /^2400 \/ 2100; /);
});
