#!/usr/bin/env node
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  type PostgresServer,
  startPostgres,
  temporaryServerFolder,
} from "../src/embeddedPostgres.ts";
import { createTemplateDatabase, serverVariable, templateVariable } from "./testDatabases.ts";

/**
 * `with-test-postgres <command> [args…]`: runs a test command with a PostgreSQL server to make
 * its databases on. Without TEST_DATABASE_URL it starts an embedded PostgreSQL 17 of its own
 * (a new cluster in a temporary folder, on a free port, removed afterwards); with it, it uses that
 * server. Either way it makes a migrated template database for the run and passes both on as
 * TEST_DATABASE_URL and TEST_DATABASE_TEMPLATE.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-test-postgres <command> [args…]");
  process.exit(2);
}

let server: PostgresServer | undefined;
let folder: string | undefined;
let serverUrl = process.env[serverVariable];
if (!serverUrl) {
  folder = await temporaryServerFolder("bluewater-test-postgres");
  server = await startPostgres({ dataDir: join(folder, "cluster"), port: 0, throwaway: true });
  serverUrl = server.url;
}
const template = await createTemplateDatabase(serverUrl);

const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, [serverVariable]: serverUrl, [templateVariable]: template.name },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) =>
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);
await template.drop().catch((error: unknown) => console.error(error));
await server?.stop();
if (folder) await rm(folder, { recursive: true, force: true });
process.exit(code);
