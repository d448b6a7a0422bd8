import { parseArgs } from "node:util";

export interface BenchOptions {
  /** `page`: only the side-by-side Lighthouse comparison, for quick iteration on the page. */
  only: "page" | undefined;
  /** Rounds with Lighthouse's simulated throttling. */
  rounds: number;
  /** Rounds with the CPU really slowed 4x (DevTools throttling); 0 skips them. */
  realRounds: number;
}

const usage = "usage: pnpm bench [--only=page] [--rounds=5] [--real-rounds=3]";

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
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.only !== undefined && values.only !== "page") {
    throw new Error(`--only takes "page", not "${values.only}". ${usage}`);
  }
  return {
    only: values.only,
    rounds: count(values.rounds, 5, 1, "rounds"),
    realRounds: count(values["real-rounds"], 3, 0, "real-rounds"),
  };
}
