import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "./embeddedDatabase.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * The embedded database as `pnpm start` runs it (PGlite on a data directory, in its own process
 * under the watchdog) that a test can restart: the command `stop` stops the process, `start`
 * starts it again on the same data directory and port. Never the machine's shared Postgres
 * server, which other suites use at the same time. Announces `{ url, kind }`, then `{ state }`
 * per command, and `{ restarts }` for `restarts` (how often the watchdog restarted it).
 */
const host = "127.0.0.1";
const dataDir = await mkdtemp(join(tmpdir(), "bluewater-restartable-db-"));
let database: EmbeddedDatabase | undefined;
let restartsBefore = 0;

async function start(port: number): Promise<EmbeddedDatabase> {
  database = await startEmbeddedDatabase({ dataDir: join(dataDir, "pglite"), host, port });
  return database;
}

async function stop(): Promise<void> {
  restartsBefore += database?.restarts() ?? 0;
  await database?.stop();
  database = undefined;
}

const { port, url } = await start(0);
announce({ url, kind: "pglite" });
serveTestHelper({
  async onCommand(command) {
    if (command === "stop") {
      await stop();
      return { state: "stopped" };
    }
    if (command === "start") {
      if (!database) await start(port);
      return { state: "started" };
    }
    if (command === "restarts") return { restarts: restartsBefore + (database?.restarts() ?? 0) };
    throw new Error(`unknown command "${command}"`);
  },
  async cleanup() {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  },
});
