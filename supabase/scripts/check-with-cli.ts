import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { connect } from "@bluewater/postgres/client";

/**
 * What the Supabase CLI can check without Docker: it parses config.toml and applies the
 * migrations with `supabase db push` to a fresh database (after the local roles bootstrap) on the
 * test server `with-test-postgres` started (TEST_DATABASE_URL), then lists them back.
 */
const server = process.env.TEST_DATABASE_URL;
if (!server) {
  console.error(
    "check-with-cli needs a PostgreSQL server: run it with `pnpm --filter @bluewater/supabase " +
      "check:cli` (which starts an embedded one) or set TEST_DATABASE_URL.",
  );
  process.exit(1);
}
const workdir = fileURLToPath(new URL("../..", import.meta.url));
const roles = readFileSync(new URL("../local/supabase-roles.sql", import.meta.url), "utf8");
const name = `bluewater_cli_${randomBytes(4).toString("hex")}`;
const url = new URL(server);
url.pathname = `/${name}`;

/** The CLI from the npm registry's `supabase` package (its binary comes with the install). */
function supabase(args: string[]): string {
  const result = spawnSync("supabase", args, {
    cwd: workdir,
    encoding: "utf8",
    env: { ...process.env, DO_NOT_TRACK: "1" },
  });
  if (result.status !== 0) {
    throw new Error(`supabase ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout + result.stderr;
}

const admin = connect(server);
await admin.unsafe(`create database ${name}`);
try {
  const database = connect(url.toString());
  await database.unsafe(roles);
  await database.end();
  console.log(supabase(["db", "push", "--workdir", workdir, `--remote=${url}`, "--yes"]));
  console.log(supabase(["migration", "list", "--workdir", workdir, `--remote=${url}`]));
} finally {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
