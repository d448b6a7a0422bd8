import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { repoRoot } from "./paths.ts";

/**
 * The Supabase CLI's fixed publishable key for local development (`supabase start` prints it), so
 * a site built for one local backend works against the other unchanged.
 */
export const localPublishableKey = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";

/** The local stack's deliverer secret, shared by the function and the scheduled deliverer. */
export const localDelivererSecret = "local-deliverer-secret";

/** The repository's `.env` (shared with `supabase start`), with the shell's variables winning. */
export function readEnvironment(file = join(repoRoot, ".env")): Record<string, string> {
  let fromFile: Record<string, string | undefined> = {};
  try {
    fromFile = parseEnv(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const merged: Record<string, string> = {};
  for (const source of [fromFile, process.env]) {
    for (const [name, value] of Object.entries(source))
      if (value !== undefined) merged[name] = value;
  }
  return merged;
}
