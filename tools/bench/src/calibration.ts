/**
 * Lighthouse's mobile CPU slowdown (4x) is calibrated for a host whose benchmark index is about
 * 1,750 (its throttling docs: 1,500–2,000, a high-end desktop). On a faster host 4x flatters every
 * page and on a slower one it punishes it, which is why PageSpeed Insights corrects for its hosts.
 * The bench reads this host's index from a warm-up run and slows the phone in proportion, so its
 * figures are those of the phone Lighthouse means, whatever ran them.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { launchChromium } from "./browser.ts";
import type { LighthouseRun } from "./lighthouse.ts";

/** Lighthouse's mobile preset: the CPU 4x slower than the host it was calibrated on. */
export const presetCpuSlowdown = 4;
/** The benchmark index of the host that 4x was calibrated for (the middle of 1,500–2,000). */
export const calibratedHostIndex = 1750;

/** The slowdown that turns a host of `benchmarkIndex` into the phone Lighthouse's 4x means. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`no usable benchmark index (${benchmarkIndex})`);
  }
  return Math.round(((presetCpuSlowdown * benchmarkIndex) / calibratedHostIndex) * 100) / 100;
}

/** The Lighthouse flag that sets the slowdown, for simulated and DevTools throttling alike. */
export function slowdownArgs(cpuSlowdown: number): string[] {
  return [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`];
}

/** The slowdown the bench runs at, and where it came from. */
export interface Calibration {
  /** The warm-up run's benchmark index; NaN when the warm-up could not measure one. */
  benchmarkIndex: number;
  /** The CPU slowdown of every calibrated run. */
  cpuSlowdown: number;
  /** Why the bench fell back to the preset's 4x, when it did. */
  fallback?: string;
}

/**
 * The calibration from warm-up runs (uncalibrated, the preset's 4x): the median of their indexes.
 * Without any index the bench runs at 4x and says why, rather than stopping.
 */
export function calibrationFrom(warmUps: readonly LighthouseRun[]): Calibration {
  const indexes = warmUps
    .flatMap((run) => (run.ok ? [run.summary.benchmarkIndex] : []))
    .filter((index) => Number.isFinite(index) && index > 0)
    .sort((a, b) => a - b);
  const index = indexes[Math.floor(indexes.length / 2)];
  if (index === undefined) {
    const reasons = warmUps.flatMap((run) => (run.ok ? ["no benchmark index"] : [run.reason]));
    return {
      benchmarkIndex: Number.NaN,
      cpuSlowdown: presetCpuSlowdown,
      fallback: `the warm-up gave no benchmark index (${reasons.join("; ") || "not run"}): the preset's 4x`,
    };
  }
  return { benchmarkIndex: index, cpuSlowdown: calibratedSlowdown(index) };
}

export function calibrationText({ benchmarkIndex, cpuSlowdown, fallback }: Calibration): string {
  if (fallback) return `CPU ${cpuSlowdown}x, uncalibrated: ${fallback}`;
  return `host benchmark index ${benchmarkIndex}, CPU slowdown 4 × ${benchmarkIndex} ÷ ${calibratedHostIndex} = ${cpuSlowdown}x`;
}

/**
 * This host's benchmark index, read as Lighthouse reads it (its own page function, in Chromium),
 * for the benches that run no Lighthouse round: `pnpm bench:function` prints it beside its figures.
 * NaN, with the reason logged, when Chromium cannot start.
 */
export async function measureBenchmarkIndex(log: (line: string) => void): Promise<number> {
  try {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    } finally {
      await browser.close();
    }
  } catch (error) {
    log(`no benchmark index: ${error instanceof Error ? error.message : String(error)}`);
    return Number.NaN;
  }
}
