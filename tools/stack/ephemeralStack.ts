import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LocalStack, type StackOptions, startLocalStack } from "./stack.ts";

export interface EphemeralStack extends LocalStack {
  /** Where the log provider's outbox and any on-disk data go; removed by `dispose`. */
  dataDir: string;
  /** Stops every part and removes the data directory. */
  dispose(): Promise<void>;
}

type Overrides = Partial<Omit<StackOptions, "dataDir">>;

/**
 * A throw-away embedded stack for tests and benchmarks: PGlite in memory, every port chosen by
 * the system (so a running `pnpm start` is never disturbed), no scheduled deliverer, the
 * function's output kept off the console. Anything can be overridden; `env` adds to the minimum.
 */
export async function startEphemeralStack(overrides: Overrides = {}): Promise<EphemeralStack> {
  const dataDir = await mkdtemp(join(tmpdir(), "bluewater-stack-"));
  const { env, ...rest } = overrides;
  try {
    const stack = await startLocalStack({
      host: "127.0.0.1",
      database: { kind: "pglite", dataDir: "memory://", port: 0 },
      gatewayPort: 0,
      delivererEverySeconds: 0,
      quietFunction: true,
      ...rest,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      dataDir,
    });
    return {
      ...stack,
      dataDir,
      async dispose() {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
