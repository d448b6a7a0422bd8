import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { prepareDatabase } from "./migrate.ts";
import { openPglite, type PgliteSocketServer, startPgliteSocketServer } from "./pgliteServer.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * The embedded database as `pnpm start` runs it (PGlite on a data directory, behind the socket
 * server) that a test can restart: the command `stop` closes the socket server and PGlite, `start`
 * reopens the same data directory on the same port. Never the machine's shared Postgres server,
 * which other suites use at the same time. Announces `{ url, kind }`, then `{ state }` per command.
 */
const host = "127.0.0.1";
const dataDir = await mkdtemp(join(tmpdir(), "bluewater-restartable-db-"));
let db: PGlite | undefined;
let server: PgliteSocketServer | undefined;

async function start(port: number): Promise<PgliteSocketServer> {
  db = await openPglite(join(dataDir, "pglite"));
  server = await startPgliteSocketServer({ db, host, port });
  return server;
}

async function stop(): Promise<void> {
  await server?.stop();
  await db?.close();
  server = undefined;
  db = undefined;
}

const { port, url } = await start(0);
await prepareDatabase(url);
announce({ url, kind: "pglite" });
serveTestHelper({
  async onCommand(command) {
    if (command === "stop") {
      await stop();
      return { state: "stopped" };
    }
    if (command === "start") {
      if (!server) await start(port);
      return { state: "started" };
    }
    throw new Error(`unknown command "${command}"`);
  },
  async cleanup() {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  },
});
