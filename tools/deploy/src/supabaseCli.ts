import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { text } from "node:stream/consumers";

/** How `pnpm go-live` reaches the project: the real Supabase CLI, told exactly where to act. */
export interface SupabaseTarget {
  projectRef: string;
  accessToken: string;
  /** The database's address without its password, which goes in PGPASSWORD instead. */
  databaseUrl: string;
  databasePassword: string;
  /** The repository: the CLI reads supabase/ there, and uploads the function from it. */
  workdir: string;
  /** A CLI profile naming another Management API (tests use a fake of it). */
  profile: string | undefined;
}

/** The CLI of the npm package `supabase` (a Go binary its launcher starts with Node). */
const cliScript = join(
  dirname(createRequire(import.meta.url).resolve("supabase/package.json")),
  "dist/supabase.js",
);

export class CliFailure extends Error {}

/**
 * Runs `supabase <args>` and returns what it printed on stdout. The access token and the
 * database password reach it in its environment, never on a command line another user's `ps`
 * could read. A failure throws with the command and the end of its own explanation.
 */
export async function supabase(target: SupabaseTarget, args: readonly string[]): Promise<string> {
  const all = [
    ...args,
    "--workdir",
    target.workdir,
    "--yes",
    ...(target.profile ? ["--profile", target.profile] : []),
  ];
  const child = spawn(process.execPath, [cliScript, ...all], {
    cwd: target.workdir,
    env: {
      ...process.env,
      SUPABASE_ACCESS_TOKEN: target.accessToken,
      PGPASSWORD: target.databasePassword,
      DO_NOT_TRACK: "1",
      SUPABASE_NO_UPDATE_NOTIFIER: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const [stdout, stderr, [code]] = await Promise.all([
    text(child.stdout),
    text(child.stderr),
    once(child, "close"),
  ]);
  if (code === 0) return stdout;
  const said = `${stderr}\n${stdout}`.trim().split("\n").slice(-8).join("\n");
  throw new CliFailure(`supabase ${args.slice(0, 2).join(" ")} failed (exit ${code}):\n${said}`);
}

/** A CLI command's `-o json` answer. */
export async function supabaseJson<T>(target: SupabaseTarget, args: readonly string[]): Promise<T> {
  const printed = await supabase(target, [...args, "-o", "json"]);
  const start = printed.search(/^[[{]/m);
  if (start < 0) throw new CliFailure(`supabase ${args.slice(0, 2).join(" ")} printed no JSON`);
  return JSON.parse(printed.slice(start)) as T;
}

/** One read-only SQL statement on the project's database, its rows as JSON. */
export function readOnlyQuery<T>(target: SupabaseTarget, statement: string): Promise<T[]> {
  return supabaseJson<T[]>(target, [
    "db",
    "query",
    statement,
    "--read-only",
    `--remote=${target.databaseUrl}`,
  ]);
}
