import { prepareDatabase } from "./migrate.ts";
import { openPglite, startPgliteSocketServer } from "./pgliteServer.ts";
import type { ServerLimits } from "./postgresConnection.ts";

/**
 * The embedded database in a process of its own (started by embeddedDatabase.ts): PGlite, the
 * wire server in front of it, and the migrations, so nothing the database does can stall the
 * site or the gateway. Answers the supervisor's heartbeats; exits when the supervisor goes.
 */
export interface DatabaseProcessOptions {
  dataDir: string;
  host: string;
  port: number;
  limits?: Partial<ServerLimits> | undefined;
}

export type DatabaseProcessMessage =
  | { type: "ready"; port: number; applied: string[] }
  | { type: "pong" };

const send = (message: DatabaseProcessMessage) => {
  if (process.connected) process.send?.(message);
};

const options = JSON.parse(process.argv[2] ?? "{}") as DatabaseProcessOptions;
const db = await openPglite(options.dataDir);
const server = await startPgliteSocketServer({
  db,
  host: options.host,
  port: options.port,
  limits: options.limits,
});
const applied = await prepareDatabase(server.url);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await db.close();
  process.exit(0);
};
process.on("message", (message) => {
  if (message === "ping") send({ type: "pong" });
});
// The supervisor stops the database itself, after the parts that use it: Ctrl-C reaches the
// whole process group, and closing first would fail the function's last requests.
process.on("SIGINT", () => {});
process.on("SIGTERM", stop);
process.on("disconnect", stop);
send({
  type: "ready",
  port: server.port,
  applied: applied.map((migration) => `${migration.version}_${migration.name}`),
});
