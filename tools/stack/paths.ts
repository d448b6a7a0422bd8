import { fileURLToPath } from "node:url";

/** Where the stack finds the repository's parts, wherever it is started from. */
export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
export const supabaseDir = fileURLToPath(new URL("../../supabase/", import.meta.url));
export const migrationsDir = fileURLToPath(new URL("../../supabase/migrations/", import.meta.url));
export const functionsDir = fileURLToPath(new URL("../../supabase/functions/", import.meta.url));
export const rolesBootstrapFile = fileURLToPath(
  new URL("../../supabase/local/supabase-roles.sql", import.meta.url),
);
export const defaultDataDir = fileURLToPath(new URL("../../.data/", import.meta.url));
// No trailing slash: createSiteHandler compares paths against `root + sep`.
export const siteDistDir = fileURLToPath(new URL("../../apps/web/dist", import.meta.url));
