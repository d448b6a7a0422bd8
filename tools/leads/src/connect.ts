import { existsSync } from "node:fs";
import { join } from "node:path";
import { startPostgres } from "@bluewater/postgres";
import { defaultDataDir } from "@bluewater/stack/paths";
import postgres, { type Sql } from "postgres";

export const embeddedUrl = "postgres://postgres:postgres@127.0.0.1:54322/postgres";

export interface LeadsDatabase {
  sql: Sql;
  description: string;
  close(): Promise<void>;
}

function connect(url: string): Sql {
  return postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
}

function isRefused(error: unknown): boolean {
  return (error as { code?: string }).code === "ECONNREFUSED";
}

/**
 * DATABASE_URL when set (a hosted project's connection string, the CI server…); otherwise the
 * local stack's database, through the running stack or, when it is stopped, by starting
 * PostgreSQL on its data folder for the moment it takes to read (on another port).
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
    const dataDir = join(env.BLUEWATER_DATA_DIR ?? defaultDataDir, "postgres");
    if (!isRefused(error) || !existsSync(join(dataDir, "PG_VERSION"))) {
      throw new Error(
        `cannot reach the local database at 127.0.0.1:54322 (${String(error)}). ` +
          "Start the stack with `pnpm start`, or set DATABASE_URL.",
      );
    }
    const server = await startPostgres({ dataDir, port: 0 });
    const direct = connect(server.url);
    return {
      sql: direct,
      description: `${dataDir} (stack not running)`,
      async close() {
        await direct.end();
        await server.stop();
      },
    };
  }
}
