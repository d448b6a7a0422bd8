import assert from "node:assert/strict";
import { test } from "node:test";
import { calibratedSlowdown, calibrationFrom, calibrationText } from "../src/calibration.ts";
import { type LighthouseRun, type LighthouseSummary, lighthouseArgs } from "../src/lighthouse.ts";

const withIndex = (benchmarkIndex: number): LighthouseRun => ({
  ok: true,
  summary: { benchmarkIndex } as LighthouseSummary,
});

test("the slowdown is 4 × the host's index ÷ 1,750: 4x on the host Lighthouse was calibrated for", () => {
  assert.equal(calibratedSlowdown(1750), 4);
  assert.equal(calibratedSlowdown(2200), 5.03);
  assert.equal(calibratedSlowdown(875), 2);
  assert.throws(() => calibratedSlowdown(Number.NaN), /no usable benchmark index/);
  assert.throws(() => calibratedSlowdown(0), /no usable benchmark index/);
});

test("the calibration takes the warm-up runs' median index, and ignores runs without one", () => {
  const calibration = calibrationFrom([
    withIndex(3500),
    { ok: false, reason: "NO_NAVSTART" },
    withIndex(1750),
    withIndex(2100),
    withIndex(Number.NaN),
  ]);
  assert.deepEqual(calibration, { benchmarkIndex: 2100, cpuSlowdown: 4.8 });
  assert.equal(
    calibrationText(calibration),
    "host benchmark index 2100, CPU slowdown 4 × 2100 ÷ 1750 = 4.8x",
  );
});

test("without an index the bench runs at the preset's 4x and says why", () => {
  const calibration = calibrationFrom([{ ok: false, reason: "NO_NAVSTART (3 attempts)" }]);
  assert.equal(calibration.cpuSlowdown, 4);
  assert.ok(Number.isNaN(calibration.benchmarkIndex));
  assert.match(calibrationText(calibration), /uncalibrated: .*NO_NAVSTART \(3 attempts\)/);
});

test("a calibrated run passes the slowdown to Lighthouse, simulated or through DevTools", () => {
  const flag = (args: string[]) => args.filter((a) => a.startsWith("--throttling"));
  const at = (throttling: "simulate" | "devtools") =>
    flag(
      lighthouseArgs("http://127.0.0.1:1/", "/tmp/r.json", {
        formFactor: "mobile",
        throttling,
        cpuSlowdown: 5.03,
      }),
    );
  assert.deepEqual(at("simulate"), [
    "--throttling-method=simulate",
    "--throttling.cpuSlowdownMultiplier=5.03",
  ]);
  assert.deepEqual(at("devtools"), [
    "--throttling-method=devtools",
    "--throttling.cpuSlowdownMultiplier=5.03",
  ]);
  // The warm-up runs at the preset's own slowdown.
  assert.deepEqual(
    flag(lighthouseArgs("http://127.0.0.1:1/", "/tmp/r.json", { formFactor: "mobile" })),
    ["--throttling-method=simulate"],
  );
});
