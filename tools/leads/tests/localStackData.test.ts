import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { type PostgresServer, startPostgres, temporaryServerFolder } from "@bluewater/postgres";
import { connect } from "@bluewater/postgres/client";
import { prepareSupabaseSchema } from "@bluewater/postgres/schema";
import { hostileLeads, storeLead } from "@bluewater/supabase/stored-leads";

let folder: string;
const dataDir = () => join(folder, "postgres");

/** `pnpm leads list` as the owner runs it: no DATABASE_URL, the stack's data under `folder`. */
async function leadsList(): Promise<string> {
  // An empty DATABASE_URL counts as unset.
  const environment = { ...process.env, BLUEWATER_DATA_DIR: folder, DATABASE_URL: "" };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--conditions=@bluewater/source",
      new URL("../src/leads.ts", import.meta.url).pathname,
      "list",
    ],
    { env: environment },
  );
  return stdout;
}

async function withServer<T>(use: (server: PostgresServer) => Promise<T>): Promise<T> {
  const server = await startPostgres({ dataDir: dataDir(), port: 0 });
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

before(async () => {
  folder = await temporaryServerFolder("bluewater-leads-data");
  await withServer(async (server) => {
    await prepareSupabaseSchema(server.url);
    const sql = connect(server.url);
    await storeLead(sql, { ...hostileLeads.longWord, name: "Stored Before The Stop" });
    await sql.end();
  });
});

after(async () => {
  await rm(folder, { recursive: true, force: true });
});

test("pnpm leads reads the server running on the stack's data folder, whatever its port", async () => {
  const listing = await withServer(() => leadsList());
  assert.match(listing, /from the running local stack/);
  assert.match(listing, /Stored Before The Stop/);
});

test("with the stack stopped, pnpm leads starts PostgreSQL on its data folder to read, then stops it", async () => {
  const listing = await leadsList();
  assert.match(listing, /\(stack not running\)/);
  assert.match(listing, /Stored Before The Stop/);
  // Stopped again: a server of the stack's own can start on the folder at once.
  await withServer(async () => {});
});
