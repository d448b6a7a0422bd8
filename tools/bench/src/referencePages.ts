import { createHash } from "node:crypto";
import { access, copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSiteServer } from "@bluewater/serve";
import { withBootSettings, withoutBootTag } from "@bluewater/web/boot-tag";

/**
 * The pages the bench measures beside the real one, each built from the real build and served by
 * the same server with the same `_headers`, so a difference in a figure is the page's own:
 *
 * - **static template**: the reference the speed targets are judged against. It is what a
 *   comparable marketing page built from a static template ships: the same HTML with no script but
 *   its JSON-LD, and its CSS in an external, render-blocking stylesheet (`staticTemplate`);
 * - **without app**: the built page with its inline boot script removed, which is exactly what a
 *   visitor with JavaScript off gets (same HTML, same inline CSS, same headers): beside the
 *   template it shows what inlining the CSS is worth;
 * - **minimal**: a three-line static page, served the same way: this host's floor.
 *
 * Lighthouse's simulated TBT counts Chrome's own navigation commit task (tens of ms on this host,
 * times four) against the page, so even the minimal page shows blocking time on some runs.
 */
export interface ReferencePages {
  staticTemplateUrl: string;
  withoutAppUrl: string;
  minimalUrl: string;
  close(): Promise<void>;
}

/** The page as a visitor without JavaScript gets it: everything but the app's boot script. */
export function withoutApp(html: string): string {
  return withoutBootTag(html);
}

/** The stylesheet the build inlines into the head (apps/web/scripts/build.ts). */
const inlineStyle = /<style>([\s\S]*?)<\/style>/g;

/** The static template: its page, and its stylesheet with the path the page links it at. */
export interface StaticTemplate {
  html: string;
  css: string;
  /** Under /assets/, so the site's `_headers` cache it as they cache every built asset. */
  stylesheetPath: string;
}

/**
 * The built page as a static template ships it: no app (`withoutApp`), and the inline stylesheet
 * moved, unchanged, into a file linked from the same place in the head, where it blocks the first
 * paint until it has arrived, as a static template's stylesheet does. The name carries a hash of the
 * CSS, like the build's own assets. The CSP's `style-src 'self'` already allows a same-origin file.
 */
export function staticTemplate(html: string): StaticTemplate {
  const page = withoutApp(html);
  const styles = [...page.matchAll(inlineStyle)];
  const [style] = styles;
  if (styles.length !== 1 || !style) {
    throw new Error(`expected one inline stylesheet in the built page, found ${styles.length}`);
  }
  const css = style[1] ?? "";
  if (style.index > page.indexOf("</head>"))
    throw new Error("the inline stylesheet is not in the head");
  // Moved from / to /assets/, a relative url() in the CSS would point elsewhere.
  if (/url\(\s*(?!["']?(?:data:|\/|https?:))/.test(css)) {
    throw new Error("the inline stylesheet has a relative url(): moving it would break it");
  }
  const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
  const stylesheetPath = `/assets/template-${hash}.css`;
  return {
    html: page.replace(style[0], () => `<link rel="stylesheet" href="${stylesheetPath}">`),
    css,
    stylesheetPath,
  };
}

const minimalHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference</title></head><body><h1>Water in the basement?</h1><p>Call us.</p></body></html>
`;

/**
 * The preloaded variant of the built page: the same page, whose boot script is told to start the
 * app right after the first paint, as for a visitor who had been reading for 0 ms.
 */
export function preloadedVariant(html: string): string {
  return withBootSettings(html, { readingMs: 0 });
}

/** A copy of the built site whose page starts its app right after the first paint, served. */
export async function servePreloadedVariant(
  distDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "bluewater-preloaded-"));
  await cp(distDir, dir, { recursive: true });
  const page = await readFile(join(distDir, "index.html"), "utf8");
  await writeFile(join(dir, "index.html"), preloadedVariant(page));
  const site = await serveSite(dir);
  return {
    url: site.url,
    async close() {
      await site.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Serves a built site on a free port of 127.0.0.1 with `@bluewater/serve`, as the stack does. */
export async function serveSite(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = await createSiteServer(root, (error) => console.error("[bench]", error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Serves the peer's built site from where it lies (read there, never copied), or says why it
 * cannot: its rows then say so instead of the bench stopping.
 */
export async function servePeer(
  dir: string,
): Promise<{ url: string; close(): Promise<void> } | { missing: string }> {
  try {
    await access(join(dir, "index.html"));
  } catch {
    return { missing: `no built page at ${dir} (pass --peer DIR)` };
  }
  return serveSite(dir);
}

/** Builds the reference sites from `distDir` in a temporary folder and serves them. */
export async function startReferencePages(distDir: string): Promise<ReferencePages> {
  const dir = await mkdtemp(join(tmpdir(), "bluewater-reference-"));
  const builtPage = await readFile(join(distDir, "index.html"), "utf8");
  const templateDir = join(dir, "static-template");
  const withoutAppDir = join(dir, "without-app");
  const minimalDir = join(dir, "minimal");
  await cp(distDir, templateDir, { recursive: true });
  const template = staticTemplate(builtPage);
  await writeFile(join(templateDir, "index.html"), template.html);
  await writeFile(join(templateDir, template.stylesheetPath), template.css);
  await cp(distDir, withoutAppDir, { recursive: true });
  await writeFile(join(withoutAppDir, "index.html"), withoutApp(builtPage));
  await mkdir(minimalDir);
  await copyFile(join(distDir, "_headers"), join(minimalDir, "_headers"));
  await writeFile(join(minimalDir, "index.html"), minimalHtml);
  await writeFile(join(minimalDir, "404.html"), minimalHtml);
  const sites = [
    await serveSite(templateDir),
    await serveSite(withoutAppDir),
    await serveSite(minimalDir),
  ] as const;
  return {
    staticTemplateUrl: sites[0].url,
    withoutAppUrl: sites[1].url,
    minimalUrl: sites[2].url,
    async close() {
      await Promise.all(sites.map((site) => site.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
