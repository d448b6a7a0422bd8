import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { startEmbeddedDatabase } from "./embeddedDatabase.ts";
import { prepareDatabase } from "./migrate.ts";

export interface FreshDatabase {
  url: string;
  kind: "postgres" | "pglite";
  /** Drops the database, or stops the embedded one. */
  remove(): Promise<void>;
}

async function freshPostgresDatabase(serverUrl: string): Promise<FreshDatabase> {
  const admin = postgres(serverUrl, {
    max: 1,
    prepare: false,
    connect_timeout: 5,
    onnotice: () => {},
  });
  try {
    await admin`select 1`;
  } catch (error) {
    await admin.end({ timeout: 1 });
    throw new Error(
      `Cannot reach the Postgres server at TEST_DATABASE_URL (${String(error)}).\n` +
        "Start it with: pg_ctlcluster --skip-systemctl-redirect 15 main start\n" +
        "or unset TEST_DATABASE_URL to test against embedded PGlite.",
    );
  }
  const name = `bluewater_test_${randomBytes(6).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  await prepareDatabase(url);
  return {
    url,
    kind: "postgres",
    async remove() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function freshPgliteDatabase(): Promise<FreshDatabase> {
  const database = await startEmbeddedDatabase({
    dataDir: "memory://",
    host: "127.0.0.1",
    port: 0,
  });
  return { url: database.url, kind: "pglite", remove: () => database.stop() };
}

/**
 * A new, migrated database for one test: on the server `serverUrl` names (a database of its own,
 * so parallel runs never collide), or an in-memory embedded database when it is unset.
 */
export function createFreshDatabase(serverUrl: string | undefined): Promise<FreshDatabase> {
  return serverUrl ? freshPostgresDatabase(serverUrl) : freshPgliteDatabase();
}
