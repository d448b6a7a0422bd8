import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type PostgresServer, startPostgres, temporaryServerFolder } from "@bluewater/postgres";
import { prepareSupabaseSchema } from "@bluewater/postgres/schema";
import { announce, serveTestHelper } from "./helperProcess.ts";

/**
 * For the function's restart test: an embedded PostgreSQL server of its own (never the run's
 * shared one, which other tests use at the same time) with the Supabase schema. The command
 * `stop` stops the server, `start` starts it again on the same data folder and port. Announces
 * `{ url }`, then `{ state }` after each command.
 */
const folder = await temporaryServerFolder("bluewater-restartable");
const dataDir = join(folder, "cluster");
let server: PostgresServer | undefined = await startPostgres({ dataDir, port: 0, throwaway: true });
const { port, url } = server;
await prepareSupabaseSchema(url);
announce({ url });
serveTestHelper({
  async onCommand(command) {
    if (command === "stop") {
      await server?.stop();
      server = undefined;
      return { state: "stopped" };
    }
    if (command === "start") {
      server ??= await startPostgres({ dataDir, port, throwaway: true });
      return { state: "started" };
    }
    throw new Error(`unknown command "${command}"`);
  },
  async cleanup() {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  },
});
