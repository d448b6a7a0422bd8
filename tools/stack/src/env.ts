import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { localEnvFile, repoRoot } from "./paths.ts";

function readEnvFile(file: string): Record<string, string | undefined> {
  try {
    return parseEnv(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

function defined(...sources: Array<Record<string, string | undefined>>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source))
      if (value !== undefined) merged[name] = value;
  }
  return merged;
}

/** The local stack's defaults (tools/stack/local.env), and nothing else. */
export const localDefaults = defined(readEnvFile(localEnvFile));

/** The Supabase CLI's fixed local publishable key, which the local function accepts. */
export const localPublishableKey = localDefaults.VITE_SUPABASE_PUBLISHABLE_KEY ?? "";

/** The secret the local deliverer sends the function. */
export const localDelivererSecret = localDefaults.DELIVERER_SECRET ?? "";

/**
 * The local configuration: `tools/stack/local.env`, then the repository's `.env` (shared with
 * `supabase start`), then the shell's variables, each winning over the one before.
 */
export function readEnvironment(): Record<string, string> {
  return defined(localDefaults, readEnvFile(join(repoRoot, ".env")), process.env);
}
