import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { migrationsDir, rolesBootstrapFile } from "./paths.ts";

/** Gives plain Postgres and PGlite the roles and default grants a Supabase project has. */
export async function bootstrapSupabaseRoles(sql: Sql): Promise<void> {
  await sql.unsafe(await readFile(rolesBootstrapFile, "utf8"));
}

export interface AppliedMigration {
  version: string;
  name: string;
}

/**
 * Applies supabase/migrations in order, each in a transaction, and records them in the same
 * history table the Supabase CLI uses, so `supabase migration list --db-url` agrees with it.
 */
export async function applyMigrations(sql: Sql, dir = migrationsDir): Promise<AppliedMigration[]> {
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
  const files = (await readdir(dir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  const applied: AppliedMigration[] = [];
  for (const file of files) {
    const [version = "", ...rest] = file.replace(/\.sql$/, "").split("_");
    if (done.has(version)) continue;
    const text = await readFile(join(dir, file), "utf8");
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

/** Brings the database at `url` to the current schema: the roles bootstrap, then any new migration. */
export async function prepareDatabase(url: string): Promise<AppliedMigration[]> {
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await bootstrapSupabaseRoles(sql);
    return await applyMigrations(sql);
  } finally {
    await sql.end();
  }
}
