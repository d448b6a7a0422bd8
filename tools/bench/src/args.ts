import { parseArgs } from "node:util";

const parts = ["page", "first-acts"] as const;

export interface BenchOptions {
  /**
   * `page`: only the side-by-side Lighthouse comparison; `first-acts`: only the first acts beside
   * the preloaded variant. For quick iteration on the page.
   */
  only: (typeof parts)[number] | undefined;
  /** Rounds with Lighthouse's simulated throttling. */
  rounds: number;
  /** Rounds with the CPU really slowed 4x (DevTools throttling); 0 skips them. */
  realRounds: number;
  /** Rounds of the first acts, ours and the preloaded variant alternating. */
  actRounds: number;
}

const usage =
  "usage: pnpm bench [--only=page|first-acts] [--rounds=5] [--real-rounds=3] [--act-rounds=7]";

function count(value: string | undefined, fallback: number, least: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < least) {
    throw new Error(`--${name} must be a whole number ≥ ${least}, not "${value}". ${usage}`);
  }
  return parsed;
}

/**
 * The bench's options. `pnpm bench -- --only=page` hands the script a literal `--` before them
 * (pnpm 10 passes it through), which `parseArgs` would read as the end of the options.
 */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      only: { type: "string" },
      rounds: { type: "string" },
      "real-rounds": { type: "string" },
      "act-rounds": { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  const only = parts.find((part) => part === values.only);
  if (values.only !== undefined && !only) {
    throw new Error(
      `--only takes ${parts.map((part) => `"${part}"`).join(" or ")}, not "${values.only}". ${usage}`,
    );
  }
  return {
    only,
    rounds: count(values.rounds, 5, 1, "rounds"),
    realRounds: count(values["real-rounds"], 3, 0, "real-rounds"),
    actRounds: count(values["act-rounds"], 7, 1, "act-rounds"),
  };
}
