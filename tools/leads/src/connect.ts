import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isRunning, startPostgres, superuser } from "@bluewater/postgres";
import { connect, type Database } from "@bluewater/postgres/client";
import { defaultDataDir } from "@bluewater/stack/paths";

export interface LeadsDatabase {
  sql: Database;
  description: string;
  close(): Promise<void>;
}

/** Connections that give up after 5 s: the owner is told at once when no database answers. */
const open = (url: string, connections: number) =>
  connect(url, { max: connections, connectTimeoutSeconds: 5 });

/** The port of the server running on `dataDir`, from its `postmaster.pid`; undefined if none. */
function runningServerPort(dataDir: string): number | undefined {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, "utf8").split("\n");
  return isRunning(Number(pid)) ? Number(port) : undefined;
}

/**
 * DATABASE_URL when set (a hosted project's connection string, the CI server…); otherwise the
 * local stack's database: the server running on its data folder, or, when the stack is stopped,
 * PostgreSQL started on that folder for as long as the command reads; `connections` at most.
 */
export async function openLeadsDatabase(
  env: Record<string, string | undefined>,
  connections = 1,
): Promise<LeadsDatabase> {
  if (env.DATABASE_URL) {
    const sql = open(env.DATABASE_URL, connections);
    return { sql, description: "DATABASE_URL", close: () => sql.end() };
  }
  const dataDir = join(env.BLUEWATER_DATA_DIR ?? defaultDataDir, "postgres");
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new Error(
      `no local stack data in ${dataDir}: start the stack with \`pnpm start\`, or set DATABASE_URL.`,
    );
  }
  const port = runningServerPort(dataDir);
  if (port) {
    const sql = open(
      `postgres://${superuser.name}:${superuser.password}@127.0.0.1:${port}/postgres`,
      connections,
    );
    return { sql, description: "the running local stack", close: () => sql.end() };
  }
  const server = await startPostgres({ dataDir, port: 0 });
  const sql = open(server.url, connections);
  return {
    sql,
    description: `${dataDir} (stack not running)`,
    async close() {
      await sql.end();
      await server.stop();
    },
  };
}
