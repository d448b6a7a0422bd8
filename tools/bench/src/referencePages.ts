import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSiteServer } from "@bluewater/serve";

/**
 * Two pages the bench measures beside the real one, so that each Lighthouse figure can be read
 * against what this host gives without the app, and without any page at all:
 *
 * - **without app**: the built page with its inline boot script removed, which is exactly what a
 *   visitor with JavaScript off gets (same HTML, same CSS, same headers);
 * - **minimal**: a three-line static page, served the same way.
 *
 * Lighthouse's simulated TBT counts Chrome's own navigation commit task (tens of ms on this host,
 * times four) against the page, so even the minimal page shows blocking time on some runs.
 */
export interface ReferencePages {
  withoutAppUrl: string;
  minimalUrl: string;
  close(): Promise<void>;
}

/** The boot script the build inlines (apps/web/scripts/build.ts): the only script of the app. */
const bootScript = /<script type="module" data-app-chunks=[^>]*>[\s\S]*?<\/script>/g;

/** The page as a visitor without JavaScript gets it: everything but the app's boot script. */
export function withoutApp(html: string): string {
  const found = html.match(bootScript)?.length ?? 0;
  if (found !== 1) {
    throw new Error(`expected one inline boot script in the built page, found ${found}`);
  }
  return html.replace(bootScript, "");
}

const minimalHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference</title></head><body><h1>Water in the basement?</h1><p>Call us.</p></body></html>
`;

async function serve(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = await createSiteServer(root, (error) => console.error("[bench]", error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Builds both reference sites from `distDir` in a temporary folder and serves them. */
export async function startReferencePages(distDir: string): Promise<ReferencePages> {
  const dir = await mkdtemp(join(tmpdir(), "bluewater-reference-"));
  const withoutAppDir = join(dir, "without-app");
  const minimalDir = join(dir, "minimal");
  await cp(distDir, withoutAppDir, { recursive: true });
  const page = join(withoutAppDir, "index.html");
  await writeFile(page, withoutApp(await readFile(page, "utf8")));
  await mkdir(minimalDir);
  await copyFile(join(distDir, "_headers"), join(minimalDir, "_headers"));
  await writeFile(join(minimalDir, "index.html"), minimalHtml);
  await writeFile(join(minimalDir, "404.html"), minimalHtml);
  const withoutAppSite = await serve(withoutAppDir);
  const minimalSite = await serve(minimalDir);
  return {
    withoutAppUrl: withoutAppSite.url,
    minimalUrl: minimalSite.url,
    async close() {
      await Promise.all([withoutAppSite.close(), minimalSite.close()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
