import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type Database } from "./client.ts";

const supabaseDir = fileURLToPath(new URL("../../../supabase/", import.meta.url));
const migrationsDir = join(supabaseDir, "migrations");
/** Never run on hosted Supabase: it gives a plain server the API roles a Supabase project has. */
const rolesFile = join(supabaseDir, "local", "supabase-roles.sql");

export interface AppliedMigration {
  version: string;
  name: string;
}

/**
 * Applies supabase/migrations in order, each in a transaction, and records them in the same
 * history table the Supabase CLI uses, so `supabase migration list --db-url` agrees with it.
 */
async function applyMigrations(sql: Database): Promise<AppliedMigration[]> {
  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );
  `);
  const done = new Set(
    (
      await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`
    ).map((row) => row.version),
  );
  const files = (await readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const applied: AppliedMigration[] = [];
  for (const file of files) {
    const [version = "", ...rest] = file.replace(/\.sql$/, "").split("_");
    if (done.has(version)) continue;
    const text = await readFile(join(migrationsDir, file), "utf8");
    const name = rest.join("_");
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into supabase_migrations.schema_migrations (version, statements, name)
               values (${version}, ${[text]}, ${name})`;
    });
    applied.push({ version, name });
  }
  return applied;
}

/**
 * Brings the database at `url` to the schema a Supabase project would have: the API roles
 * (`anon`, `authenticated`, `service_role`) and their default grants, then any new migration.
 */
export async function prepareSupabaseSchema(url: string): Promise<AppliedMigration[]> {
  const sql = connect(url);
  try {
    await sql.unsafe(await readFile(rolesFile, "utf8"));
    return await applyMigrations(sql);
  } finally {
    await sql.end();
  }
}
