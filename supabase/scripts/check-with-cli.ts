import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

/**
 * What the Supabase CLI can check without Docker: it parses config.toml and applies the
 * migrations with `supabase db push` to a fresh database on a real Postgres server (the CI
 * server, TEST_DATABASE_URL), after the local roles bootstrap, then lists them back.
 */
const server = process.env.TEST_DATABASE_URL;
if (!server) {
  console.log(
    "check-with-cli: TEST_DATABASE_URL is not set; skipped (it needs a Postgres server).",
  );
  process.exit(0);
}
const supabase = fileURLToPath(new URL("../../tools/node_modules/.bin/supabase", import.meta.url));
const workdir = fileURLToPath(new URL("../..", import.meta.url));
const roles = fileURLToPath(new URL("../local/supabase-roles.sql", import.meta.url));
const name = `bluewater_cli_${randomBytes(4).toString("hex")}`;
const url = new URL(server);
url.pathname = `/${name}`;

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, {
    cwd: workdir,
    encoding: "utf8",
    env: { ...process.env, DO_NOT_TRACK: "1" },
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout + result.stderr;
}

run("psql", [server, "-qc", `create database ${name}`]);
try {
  run("psql", [url.toString(), "-q", "-f", roles]);
  console.log(run(supabase, ["db", "push", "--workdir", workdir, `--remote=${url}`, "--yes"]));
  console.log(run(supabase, ["migration", "list", "--workdir", workdir, `--remote=${url}`]));
} finally {
  run("psql", [server, "-qc", `drop database if exists ${name} with (force)`]);
}
