import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { hostileLeads, storeLead } from "@bluewater/supabase/stored-leads";
import { leadsCommand } from "./support/leadsCommand.ts";

/** `pnpm leads csv --out` holds every lead's name, phone, email and message: the owner's alone. */
let database: TestDatabase;
let folder: string;

before(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(join(tmpdir(), "bluewater-leads-csv-"));
  const sql = connect(database.url);
  try {
    await storeLead(sql, hostileLeads.longWord);
  } finally {
    await sql.end();
  }
});

after(async () => {
  await database.drop();
  await rm(folder, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o777;

test("pnpm leads csv --out writes a file only its owner can read, new or replaced", async () => {
  const fresh = join(folder, "leads.csv");
  await leadsCommand(database.url, "csv", "--out", fresh);
  assert.equal((await mode(fresh)).toString(8), "600");
  assert.match(await readFile(fresh, "utf8"), /long@example\.com/);

  const existing = join(folder, "shared.csv");
  await writeFile(existing, "old\n", { mode: 0o644 });
  await leadsCommand(database.url, "csv", "--out", existing);
  assert.equal((await mode(existing)).toString(8), "600");
  assert.match(await readFile(existing, "utf8"), /long@example\.com/);
});
