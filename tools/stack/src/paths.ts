import { fileURLToPath } from "node:url";

/** Where the stack finds the repository's parts, wherever it is started from. */
const fromRoot = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

export const repoRoot = fromRoot("");
export const functionsDir = fromRoot("supabase/functions/");
export const defaultDataDir = fromRoot(".data/");
export const localEnvFile = fileURLToPath(new URL("../local.env", import.meta.url));
// No trailing slash: the site handler compares paths against `root + sep`.
export const siteDistDir = fromRoot("apps/web/dist");
