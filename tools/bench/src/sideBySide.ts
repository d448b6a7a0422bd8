/**
 * Our page, the static template and a real peer (AstroWind's built page), run by Lighthouse mobile
 * side by side in alternating rounds, at the CPU slowdown calibrated for this host.
 *
 * This machine's speed drifts by 2x between runs, and another Lighthouse may run on it at the same
 * time, so a figure means something only beside the reference's figure taken right before or
 * after it. Each round runs both pages back to back, and which goes first alternates from round to
 * round, so drift within a round falls on each page alike.
 */
import { type Calibration, calibrationFrom } from "./calibration.ts";
import {
  type LighthouseRun,
  type LighthouseSummary,
  runLighthouse,
  type Throttling,
} from "./lighthouse.ts";

/** The pages compared: ours, ours made static, and the peer. */
export type Side = "ours" | "template" | "peer";

export const sideNames: Record<Side, string> = {
  ours: "our page",
  template: "static template",
  peer: "AstroWind",
};

/**
 * The order of the pages in round `index`: each round starts one page further along, so each page
 * runs first, second and last alike, and drift within a round falls on each alike.
 */
export function roundOrder(sides: readonly Side[], index: number): Side[] {
  const shift = index % Math.max(sides.length, 1);
  return [...sides.slice(shift), ...sides.slice(0, shift)];
}

/** One round; a run Lighthouse could not measure is missing. */
export interface Round {
  /** The page Lighthouse ran first this round. */
  first: Side;
  ours?: LighthouseSummary;
  template?: LighthouseSummary;
  peer?: LighthouseSummary;
  /** Context, in the whole bench's simulated rounds only: the page without its app (JS off). */
  withoutApp?: LighthouseSummary;
  /** Context, in the whole bench's simulated rounds only: a three-line static page. */
  minimal?: LighthouseSummary;
}

/** Both sets of rounds. Every planned round is kept, so `rounds.length` is what was planned. */
export interface PageComparison {
  /** The CPU slowdown of the simulated and real rounds, read from the warm-up. */
  calibration: Calibration;
  /**
   * The warm-up: one simulated round at the preset's 4x, which gives the host's index. Printed
   * for the record only, no target judged by it.
   */
  uncalibrated: Round[];
  /** Lighthouse's default: recorded at full speed, replayed on a model phone slowed as calibrated. */
  simulated: Round[];
  /** The CPU really slowed as calibrated and the network throttled through DevTools while recording. */
  real: Round[];
  /** The runs Lighthouse could not measure, each with its reason. */
  missing: string[];
}

export interface ComparePagesOptions {
  oursUrl: string;
  templateUrl: string;
  /** The peer's page; when it cannot be served, why, and its rows say so. */
  peer: { url: string } | { missing: string };
  /** The cheap context pages, run after the pair in each simulated round when given. */
  context?: { withoutAppUrl: string; minimalUrl: string };
  rounds: number;
  realRounds: number;
  log(message: string): void;
}

export async function comparePages(options: ComparePagesOptions): Promise<PageComparison> {
  const missing: string[] = [];
  const { peer } = options;
  if ("missing" in peer) missing.push(`AstroWind: ${peer.missing}`);
  const urls: Partial<Record<Side, string>> = {
    ours: options.oursUrl,
    template: options.templateUrl,
    ...("url" in peer ? { peer: peer.url } : {}),
  };
  const sides = (["ours", "template", "peer"] as const).filter((side) => urls[side]);
  const measured = (label: string, run: LighthouseRun): LighthouseSummary | undefined => {
    if (run.ok) return run.summary;
    missing.push(`${label}: ${run.reason}`);
    return undefined;
  };

  async function playRounds(
    count: number,
    throttling: Throttling,
    set: string,
    cpuSlowdown?: number,
  ): Promise<Round[]> {
    const rounds: Round[] = [];
    for (let index = 0; index < count; index++) {
      const order = roundOrder(sides, index);
      const { context } = options;
      const withContext = context && throttling === "simulate" && cpuSlowdown !== undefined;
      const pages = [
        ...order.map((side) => sideNames[side]),
        ...(withContext ? ["without app", "three-line page"] : []),
      ];
      options.log(
        `Lighthouse mobile, ${set}, round ${index + 1} of ${count}: ${pages.join(", then ")}`,
      );
      const round: Round = { first: order[0] ?? "ours" };
      for (const side of order) {
        const run = await runLighthouse(urls[side] ?? "", {
          formFactor: "mobile",
          throttling,
          ...(cpuSlowdown === undefined ? {} : { cpuSlowdown }),
        });
        const summary = measured(`${sideNames[side]}, ${set} round ${index + 1}`, run);
        if (summary) round[side] = summary;
      }
      if (context && withContext) {
        const calibrated = { formFactor: "mobile", cpuSlowdown } as const;
        const withoutApp = await runLighthouse(context.withoutAppUrl, calibrated);
        const minimal = await runLighthouse(context.minimalUrl, calibrated);
        const withoutAppRun = measured(
          `page without its app, ${set} round ${index + 1}`,
          withoutApp,
        );
        const minimalRun = measured(`three-line page, ${set} round ${index + 1}`, minimal);
        if (withoutAppRun) round.withoutApp = withoutAppRun;
        if (minimalRun) round.minimal = minimalRun;
      }
      rounds.push(round);
    }
    return rounds;
  }

  const uncalibrated = await playRounds(1, "simulate", "warm-up at the preset's 4x");
  const calibration = calibrationFrom(
    uncalibrated.flatMap((round) =>
      sides.flatMap((side) => {
        const summary = round[side];
        return summary ? [{ ok: true, summary } as const] : [];
      }),
    ),
  );
  options.log(
    calibration.fallback
      ? `calibration: ${calibration.fallback}`
      : `calibration: host benchmark index ${calibration.benchmarkIndex}, CPU slowdown ${calibration.cpuSlowdown}x`,
  );
  const { cpuSlowdown } = calibration;
  const simulated = await playRounds(options.rounds, "simulate", "simulated", cpuSlowdown);
  const real = await playRounds(
    options.realRounds,
    "devtools",
    `real ${cpuSlowdown}x`,
    cpuSlowdown,
  );
  return { calibration, uncalibrated, simulated, real, missing };
}
