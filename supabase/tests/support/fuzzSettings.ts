/**
 * fast-check's seed and run count. The seed is new on every run, so CI keeps exploring, and it is
 * printed, so a failure can be replayed exactly: FUZZ_SEED=<seed> (and FUZZ_RUNS=<n> for more).
 */
export function fuzzSettings(name: string, defaultRuns: number): { seed: number; numRuns: number } {
  const seed = Number(Deno.env.get("FUZZ_SEED") ?? Math.floor(Math.random() * 2 ** 31));
  const numRuns = Number(Deno.env.get("FUZZ_RUNS") ?? defaultRuns);
  console.log(`${name}: ${numRuns} runs, seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return { seed, numRuns };
}

/** Records unhandled promise rejections until `stop`, so a test can assert there were none. */
export function watchUnhandledRejections(): { reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (event: PromiseRejectionEvent) => {
    reasons.push(event.reason);
    event.preventDefault();
  };
  globalThis.addEventListener("unhandledrejection", listener);
  return { reasons, stop: () => globalThis.removeEventListener("unhandledrejection", listener) };
}
