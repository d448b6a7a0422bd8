import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { defineCommand, parseCommand } from "@bluewater/cli";
import { readEnvironment } from "./env.ts";
import { logger } from "./log.ts";
import { defaultDataDir, repoRoot, siteDistDir } from "./paths.ts";
import { type LocalStack, startLocalStack } from "./stack.ts";

/** `pnpm start`: the whole product on this machine with one command and no Docker. */
const options = (
  await parseCommand(
    defineCommand(
      "pnpm start",
      "Builds the site, then runs it with the edge function, PostgreSQL and the deliverer.",
    )
      .option("--no-site", "leave the site out, and skip its build (for work on the backend)")
      .addHelpText(
        "after",
        "\nSite http://localhost:8080, function http://127.0.0.1:54321, database 127.0.0.1:54322;\n" +
          "data in BLUEWATER_DATA_DIR (default .data). Ctrl-C stops everything.",
      ),
  )
).opts<{ site: boolean }>();
const env = readEnvironment();
// Built with the local settings only here, never by `pnpm build`: a deployment build without
// real settings fails instead of using them.
if (options.site) {
  const build = ["exec", "turbo", "run", "build", "--filter=@bluewater/web"];
  const built = spawnSync("pnpm", build, { cwd: repoRoot, env, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
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
    site: options.site ? { port: 8080, distDir: siteDistDir } : undefined,
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
