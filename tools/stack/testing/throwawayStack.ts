import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { localDefaults } from "../src/env.ts";
import { type LocalStack, type StackOptions, startLocalStack } from "../src/stack.ts";

export interface ThrowawayStack extends LocalStack {
  /** Where the log provider's outbox goes; removed by `dispose`. */
  dataDir: string;
  /** Stops every part, removes the data folder and drops the database if it made one. */
  dispose(): Promise<void>;
}

type Overrides = Partial<Omit<StackOptions, "dataDir">>;

/**
 * A stack for tests and benchmarks: every port chosen by the system, so a running `pnpm start`
 * is never disturbed; no scheduled deliverer and no weekly report; the function's output kept off
 * the console; unless
 * told otherwise, a database of its own (see @bluewater/postgres's test databases). Its configuration is
 * tools/stack/local.env's, never the developer's .env; `env` adds to it.
 */
export async function startThrowawayStack(overrides: Overrides = {}): Promise<ThrowawayStack> {
  const { env, database: given, functionEnv, ...rest } = overrides;
  const database = given ? undefined : await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "bluewater-stack-"));
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const stack = await startLocalStack({
      host: "127.0.0.1",
      gatewayPort: 0,
      delivererEverySeconds: 0,
      quietFunction: true,
      ...rest,
      // A test or bench that calls the deliverer on a Monday morning counts the lead's messages:
      // the owner's weekly report would be one more. The report has tests of its own.
      functionEnv: { OWNER_REPORT_EMAIL: "off", ...functionEnv },
      database: given ?? { url: database?.url ?? "" },
      env: {
        ...localDefaults,
        ...pick(process.env, ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]),
        ...env,
      },
      dataDir,
    });
    return {
      ...stack,
      dataDir,
      async dispose() {
        await stack.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}
