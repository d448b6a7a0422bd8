import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineCommand, Option, parseCommand, wholeNumber } from "@bluewater/cli";
import { scenarioIds } from "./firstActs.ts";

const parts = ["page", "first-acts", "start"] as const;

/**
 * AstroWind's built page (commit 2e8f6ec), beside the repository: a measurement input read from
 * there, never copied into the project (see its README).
 */
export const defaultPeerDir = fileURLToPath(
  new URL("../../../../shared/peers/astrowind-2e8f6ec", import.meta.url),
);

export interface BenchOptions {
  /**
   * `start`: only a reader's visit traced (the app started by the reader's scroll after 3 s) and the first
   * taps, at the CPU slowdown calibrated by one Lighthouse warm-up run.
   * `page`: only the side-by-side Lighthouse comparison; `first-acts`: only the first acts beside
   * the preloaded variant. For quick iteration on the page.
   */
  only: (typeof parts)[number] | undefined;
  /** Rounds with Lighthouse's simulated throttling. */
  rounds: number;
  /** Rounds with the CPU really slowed as calibrated (DevTools throttling); 0 skips them. */
  realRounds: number;
  /** Rounds of the first acts, ours and the preloaded variant alternating. */
  actRounds: number;
  /** The first acts to play, by id; all of them when absent. For quick iteration on one act. */
  acts?: string[];
  /** The peer's built site, served beside ours: an absolute path. */
  peer: string;
  /**
   * A site built before (an absolute path) to measure instead of building this checkout's: the
   * before of a before/after, on the same host in the same hour.
   */
  site?: string;
}

/** `pnpm bench`'s options, checked before anything is built. */
export function benchCommand() {
  return defineCommand(
    "pnpm bench",
    "Builds the site and prints every speed and size figure beside its target (.bench/latest.json).",
  )
    .addOption(
      new Option(
        "--only <part>",
        "run one part: the Lighthouse side by side, the first acts beside the preloaded variant, or a reader's start and the first taps",
      ).choices(parts),
    )
    .option("--rounds <n>", "rounds with Lighthouse's simulated throttling", wholeNumber(1), 5)
    .option(
      "--real-rounds <n>",
      "rounds with the CPU really slowed as calibrated (0: none)",
      wholeNumber(0),
      5,
    )
    .option(
      "--act-rounds <n>",
      "rounds of the first acts, ours and the preloaded variant alternating",
      wholeNumber(1),
      7,
    )
    .option(
      "--peer <dir>",
      "the peer's built site, served beside ours (AstroWind 2e8f6ec beside the repository)",
      defaultPeerDir,
    )
    .option(
      "--site <dir>",
      "measure this built site (an older build's apps/web/dist) instead of building this checkout's",
    )
    .addOption(
      new Option("--acts <ids...>", "play only these first acts (all by default)").choices(
        scenarioIds,
      ),
    );
}

/** The bench's options; a mistake ends the process with the usage (exit 2). */
export async function parseBenchArgs(argv: readonly string[]): Promise<BenchOptions> {
  const { only, rounds, realRounds, actRounds, acts, peer, site } = (
    await parseCommand(benchCommand(), [...argv])
  ).opts<BenchOptions>();
  return {
    only,
    rounds,
    realRounds,
    actRounds,
    ...(acts ? { acts } : {}),
    peer: resolve(peer),
    ...(site ? { site: resolve(site) } : {}),
  };
}
