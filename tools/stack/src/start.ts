import { join } from "node:path";
import { readEnvironment } from "./env.ts";
import { logger } from "./log.ts";
import { defaultDataDir, siteDistDir } from "./paths.ts";
import { type LocalStack, startLocalStack } from "./stack.ts";

/**
 * `pnpm start`: the whole product on this machine with one command and no Docker.
 * `--no-site` leaves the site out (for working on the backend alone).
 */
const env = readEnvironment();
const log = logger("stack");
const dataDir = env.BLUEWATER_DATA_DIR ?? defaultDataDir;
const startup = new AbortController();
let stack: LocalStack | undefined;
let stopping = false;

// Registered before anything starts, so Ctrl-C during start-up still closes the database cleanly.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info("stopping…");
    startup.abort();
    stack?.stop().then(
      () => {
        log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  stack = await startLocalStack({
    env,
    host: "127.0.0.1",
    database: { dataDir: join(dataDir, "postgres"), port: 54322 },
    gatewayPort: 54321,
    dataDir,
    site: process.argv.includes("--no-site") ? undefined : { port: 8080, distDir: siteDistDir },
    delivererEverySeconds: Number(env.DELIVERER_EVERY_SECONDS),
    signal: startup.signal,
  });
} catch (error) {
  if (!stopping) log.error(error instanceof Error ? error.message : error);
  process.exit(stopping ? 0 : 1);
}
if (stopping) {
  await stack.stop();
  process.exit(0);
}

log.info("ready:");
if (stack.siteUrl) log.info(`  site       ${stack.siteUrl}`);
log.info(`  function   ${stack.functionsUrl}`);
log.info(`  database   ${stack.databaseUrl}`);
log.info("  leads      pnpm leads   (Ctrl-C stops everything)");
