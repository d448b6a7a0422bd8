import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFreshDatabase } from "./freshDatabase.ts";
import { type LocalStack, startLocalStack } from "./stack.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * The embedded stack's backend for a Deno test: the real function in its own Deno process behind
 * the gateway, on a fresh database (TEST_DATABASE_URL's server, or PGlite). The function's
 * environment is the JSON object in argv[2]. Announces `{ functionsUrl, databaseUrl, kind }`;
 * closing stdin stops it.
 */
const functionEnv = JSON.parse(process.argv[2] ?? "{}") as Record<string, string>;
const dataDir = await mkdtemp(join(tmpdir(), "bluewater-test-stack-"));
const database = await createFreshDatabase(process.env.TEST_DATABASE_URL);
let stack: LocalStack;
try {
  stack = await startLocalStack({
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    host: "127.0.0.1",
    database: { kind: "url", url: database.url },
    gatewayPort: 0,
    dataDir,
    delivererEverySeconds: 0,
    functionEnv,
    quietFunction: true,
  });
} catch (error) {
  await database.remove();
  console.error(error);
  process.exit(2);
}
announce({ functionsUrl: stack.functionsUrl, databaseUrl: database.url, kind: database.kind });
serveTestHelper({
  async cleanup() {
    await stack.stop();
    await database.remove();
    await rm(dataDir, { recursive: true, force: true });
  },
});
