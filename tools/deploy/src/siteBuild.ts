import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import type { StepReport } from "./projectSteps.ts";
import { sourceDigest } from "./sourceDigest.ts";

/**
 * Builds the site with the production values into `outDir` (apps/web/scripts/build.ts): the
 * project's address and publishable key compiled in, the site's address in its canonical link,
 * its sitemap and its CSP. Building is local; the report says whether the files came out as
 * they were before.
 */
export async function buildSite(options: {
  repoRoot: string;
  outDir: string;
  projectUrl: string;
  publishableKey: string;
  siteUrl: string;
}): Promise<StepReport> {
  const before = await sourceDigest(options.outDir, ["."]).catch(() => undefined);
  const appRoot = join(options.repoRoot, "apps/web");
  const child = spawn(process.execPath, [join(appRoot, "scripts/build.ts")], {
    cwd: appRoot,
    env: {
      ...process.env,
      VITE_SUPABASE_URL: options.projectUrl,
      VITE_SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
      SITE_URL: options.siteUrl,
      SITE_OUT_DIR: options.outDir,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const [stderr, [code]] = await Promise.all([text(child.stderr), once(child, "close")]);
  if (code !== 0) throw new Error(`the site's build failed:\n${stderr.trim()}`);
  const after = await sourceDigest(options.outDir, ["."]);
  return before === after
    ? {
        step: "site",
        changed: false,
        said: `built into ${options.outDir}, the same files as before`,
      }
    : { step: "site", changed: true, said: `built into ${options.outDir}` };
}
