import { connect, type Database as TestSql } from "../../../tools/postgres/src/client.ts";
import {
  connectDatabase,
  type Database,
} from "../../functions/send-contact-email/platform/database.ts";
import { startNodeHelper } from "./nodeHelper.ts";

export interface TestDatabase {
  url: string;
  /** The function's own pool on it, to hand to the function's code. */
  db: Database;
  /** The test's own connection, for what it stores and checks itself. */
  sql: TestSql;
  close(): Promise<void>;
}

function testServer(): { server: string; template: string } {
  const server = Deno.env.get("TEST_DATABASE_URL");
  const template = Deno.env.get("TEST_DATABASE_TEMPLATE");
  if (!server || !template) {
    throw new Error(
      "These tests need a PostgreSQL server: run them with `pnpm test` (or `pnpm --filter " +
        "@bluewater/supabase test`), which starts an embedded PostgreSQL and sets " +
        "TEST_DATABASE_URL and TEST_DATABASE_TEMPLATE; set TEST_DATABASE_URL to use another server.",
    );
  }
  return { server, template };
}

async function onServer(server: string, statement: string): Promise<void> {
  const sql = connect(server);
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end();
  }
}

/**
 * A database of its own for one test, copied from the run's migrated template (see
 * `with-test-postgres`); `close` drops it.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const { server, template } = testServer();
  const name = `bluewater_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await onServer(server, `create database ${name} template ${template}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = connectDatabase(url.toString(), 5);
  const sql = connect(url.toString(), { max: 2 });
  return {
    url: url.toString(),
    db,
    sql,
    async close() {
      await db.end();
      await sql.end();
      await onServer(server, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface RestartableDatabase {
  url: string;
  /** Stops the server (fast shutdown): clients see their connections close, then refused. */
  stop(): Promise<void>;
  /** Starts it again on the same data folder and port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An embedded PostgreSQL server of its own that the test can restart, never the run's shared one
 * (see @bluewater/testing's restartablePostgres.ts).
 */
export async function startRestartableDatabase(): Promise<RestartableDatabase> {
  const helper = startNodeHelper("restartablePostgres.ts");
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
