import { defineCommand, Option, parseCommand, wholeNumber } from "@bluewater/cli";

export interface BenchOptions {
  /** `page`: only the side-by-side Lighthouse comparison, for quick iteration on the page. */
  only: "page" | undefined;
  /** Rounds with Lighthouse's simulated throttling. */
  rounds: number;
  /** Rounds with the CPU really slowed 4x (DevTools throttling); 0 skips them. */
  realRounds: number;
}

/** `pnpm bench`'s options, checked before anything is built. */
export function benchCommand() {
  return defineCommand(
    "pnpm bench",
    "Builds the site and prints every speed and size figure beside its target (.bench/latest.json).",
  )
    .addOption(
      new Option("--only <part>", "run one part: the Lighthouse side by side").choices(["page"]),
    )
    .option("--rounds <n>", "rounds with Lighthouse's simulated throttling", wholeNumber(1), 5)
    .option(
      "--real-rounds <n>",
      "rounds with the CPU really slowed 4x (0: none)",
      wholeNumber(0),
      3,
    );
}

/** The bench's options; a mistake ends the process with the usage (exit 2). */
export async function parseBenchArgs(argv: readonly string[]): Promise<BenchOptions> {
  const { only, rounds, realRounds } = (await parseCommand(benchCommand(), [...argv])).opts<{
    only?: "page";
    rounds: number;
    realRounds: number;
  }>();
  return { only, rounds, realRounds };
}
