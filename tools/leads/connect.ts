import { existsSync } from "node:fs";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { defaultDataDir } from "../stack/paths.ts";
import { openPglite, startPgliteSocketServer } from "../stack/pgliteServer.ts";

export const embeddedUrl = "postgres://postgres:postgres@127.0.0.1:54322/postgres";

export interface LeadsDatabase {
  sql: Sql;
  description: string;
  close(): Promise<void>;
}

function connect(url: string): Sql {
  return postgres(url, { max: 1, prepare: false, connect_timeout: 5, onnotice: () => {} });
}

function isRefused(error: unknown): boolean {
  return (error as { code?: string }).code === "ECONNREFUSED";
}

/**
 * DATABASE_URL when set (a hosted project's connection string, the CI server…); otherwise the
 * embedded stack's database, through the running stack or, when it is stopped, by opening its
 * data folder directly (safe then: nothing else has it open).
 */
export async function openLeadsDatabase(
  env: Record<string, string | undefined>,
): Promise<LeadsDatabase> {
  if (env.DATABASE_URL) {
    const sql = connect(env.DATABASE_URL);
    return { sql, description: "DATABASE_URL", close: () => sql.end() };
  }
  const sql = connect(embeddedUrl);
  try {
    await sql`select 1`;
    return { sql, description: "the running local stack", close: () => sql.end() };
  } catch (error) {
    await sql.end();
    const dataDir = join(env.BLUEWATER_DATA_DIR ?? defaultDataDir, "pglite");
    if (!isRefused(error) || !existsSync(dataDir)) {
      throw new Error(
        `cannot reach the local database at 127.0.0.1:54322 (${String(error)}). ` +
          "Start the stack with `pnpm start`, or set DATABASE_URL.",
      );
    }
    const db = await openPglite(dataDir);
    const server = await startPgliteSocketServer({ db, host: "127.0.0.1", port: 0 });
    const direct = connect(server.url);
    return {
      sql: direct,
      description: `${dataDir} (stack not running)`,
      async close() {
        await direct.end();
        await server.stop();
        await db.close();
      },
    };
  }
}
