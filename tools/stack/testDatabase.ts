import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { applyMigrations, bootstrapSupabaseRoles } from "./migrate.ts";
import { openPglite, startPgliteSocketServer } from "./pgliteServer.ts";

/**
 * A fresh, migrated database for one test run, announced as one JSON line on stdout and removed
 * when stdin closes. With TEST_DATABASE_URL it is a new database on that server (dropped at the
 * end, so runs never collide); without it, an in-memory PGlite behind a socket server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let cleanup: () => Promise<void>;
let url: string;

async function prepare(target: string): Promise<void> {
  const sql = postgres(target, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await bootstrapSupabaseRoles(sql);
    await applyMigrations(sql);
  } finally {
    await sql.end();
  }
}

if (serverUrl) {
  const admin = postgres(serverUrl, {
    max: 1,
    prepare: false,
    connect_timeout: 5,
    onnotice: () => {},
  });
  try {
    await admin`select 1`;
  } catch (error) {
    console.error(
      `Cannot reach the Postgres server at TEST_DATABASE_URL (${String(error)}).\n` +
        "Start it with: pg_ctlcluster --skip-systemctl-redirect 15 main start\n" +
        "or unset TEST_DATABASE_URL to test against embedded PGlite.",
    );
    process.exit(2);
  }
  const name = `bluewater_test_${randomBytes(6).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  url = target.toString();
  cleanup = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  await prepare(url);
} else {
  const db = await openPglite("memory://");
  const server = await startPgliteSocketServer({ db, host: "127.0.0.1", port: 0 });
  url = server.url;
  cleanup = async () => {
    await server.stop();
    await db.close();
  };
  await prepare(url);
}

process.stdout.write(`${JSON.stringify({ url, kind: serverUrl ? "postgres" : "pglite" })}\n`);
let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  cleanup().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("test database cleanup failed", error);
      process.exit(1);
    },
  );
};
process.stdin.on("end", close);
process.stdin.on("close", close);
process.stdin.resume();
process.on("SIGTERM", close);
process.on("SIGINT", close);
