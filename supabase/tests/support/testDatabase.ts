import { connectDatabase, type Database } from "../../functions/send-contact-email/database.ts";
import { startNodeHelper } from "./nodeHelper.ts";

export interface TestDatabase {
  url: string;
  kind: "postgres" | "pglite";
  sql: Database;
  close(): Promise<void>;
}

/**
 * Starts tools/stack/testDatabase.ts in Node: a fresh migrated database on TEST_DATABASE_URL's
 * server, or an embedded PGlite when it is unset. The same Node code prepares the local stack's
 * database, so the tests exercise what developers run.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const helper = startNodeHelper("testDatabase.ts");
  const { url, kind } = await helper.next<{ url: string; kind: TestDatabase["kind"] }>();
  const sql = connectDatabase(url, 5);
  return {
    url,
    kind,
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await helper.close();
    },
  };
}

export interface RestartableDatabase {
  url: string;
  /** Closes the socket server and PGlite: clients see their connections drop, then refused. */
  stop(): Promise<void>;
  /** Reopens the same data directory on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded PGlite on a data directory, which the test can restart (never a shared server). */
export async function startRestartableDatabase(): Promise<RestartableDatabase> {
  const helper = startNodeHelper("restartableTestDatabase.ts");
  const { url } = await helper.next<{ url: string }>();
  return {
    url,
    stop: async () => {
      await helper.command("stop");
    },
    start: async () => {
      await helper.command("start");
    },
    close: () => helper.close(),
  };
}
