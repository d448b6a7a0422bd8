/**
 * Builds the site: the client bundle, then a server bundle used once to prerender `/` and the
 * 404 page to static HTML (with the stylesheet inlined, so the first paint needs one request),
 * the owner's page (`/contacted/`), then the files hosts and crawlers read. Run with
 * `pnpm build`; SITE_OUT_DIR builds into another folder (`pnpm go-live` and its test do).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, loadEnv } from "vite";
import { type BootSettings, bootTag } from "../src/start/bootTag.ts";
import { codeForReaders, onDemandModules } from "../src/start/onDemandCode.ts";
import { appChunkFiles, type ManifestChunk, onDemandChunkFiles } from "../vite/appChunks.ts";

const appRoot = fileURLToPath(new URL("..", import.meta.url));
const dist = resolve(process.env.SITE_OUT_DIR ?? `${appRoot}dist`);
// The server bundle is imported once, from inside the app so that its packages resolve; a
// folder of this build's own, so that two builds into two places never meet.
const serverOut = `${appRoot}dist-server/${process.pid}`;
const ownerOut = `${serverOut}-owner`;
const siteUrl = (process.env.SITE_URL ?? "https://www.bluewaterwaterproofing.com").replace(
  /\/$/,
  "",
);

// The backend's URL and public key are compiled in; without them the page could never send a lead.
const env = { ...loadEnv("production", appRoot, "VITE_"), ...process.env };
for (const name of ["VITE_SUPABASE_URL", "VITE_SUPABASE_PUBLISHABLE_KEY"]) {
  if (!env[name]) {
    const message = name.endsWith("KEY") ? "supabaseKey is required." : "supabaseUrl is required.";
    throw new Error(`${message} Set ${name} (see README, Configuration) and build again.`);
  }
}

/** How the CSP names an inline script it allows. */
const cspHash = (code: string) => `sha256-${createHash("sha256").update(code).digest("base64")}`;

/** Vite's manifest of the client build, read once and not shipped. */
async function takeManifest(): Promise<Record<string, ManifestChunk>> {
  const manifest = JSON.parse(await readFile(`${dist}/.vite/manifest.json`, "utf8"));
  await rm(`${dist}/.vite`, { recursive: true });
  return manifest;
}

/**
 * What the boot script needs to know: the app's chunks in evaluation order, and the chunks of
 * each piece of code loaded on demand.
 */
function bootSettings(manifest: Record<string, ManifestChunk>, visitUrl: string): BootSettings {
  const chunks = appChunkFiles(manifest, "src/main.tsx");
  const onDemand = Object.fromEntries(
    Object.entries(onDemandModules).map(([name, module]) => [
      name,
      onDemandChunkFiles(manifest, module, chunks),
    ]),
  );
  return {
    chunks,
    onDemand,
    forReaders: [...codeForReaders],
    readingMs: null,
    visitUrl,
  };
}

/**
 * Inlines the boot script (the HTML entry's chunk) with its settings on its tag (src/start/bootTag.ts).
 * As a file it was one more request on the way to the first paint: a module script is fetched at
 * high priority, and on a phone every request before the first frame costs a round trip. The CSP
 * allows it by its hash, not 'unsafe-inline'.
 */
async function withInlineBootScript(html: string, file: string, settings: BootSettings) {
  const tag = `<script type="module" crossorigin src="/${file}"></script>`;
  if (!html.includes(tag)) throw new Error("The client build produced no boot script tag.");
  const code = (await readFile(`${dist}/${file}`, "utf8")).trim();
  // An inline script has no URL: a static import would resolve against the page, not /assets/.
  if (/(^|[;}])\s*import\s*[\w{*]/.test(code)) {
    throw new Error("The boot script must not import statically.");
  }
  await rm(`${dist}/${file}`);
  return { html: html.replace(tag, () => bootTag(settings, code)), scriptHash: cspHash(code) };
}

/**
 * The owner page's script, bundled alone (no React, no app chunk) and minified, to be inlined:
 * the page then needs no request but the function's, and its CSP allows exactly this script.
 */
async function markContactedScript(): Promise<string> {
  await build({
    root: appRoot,
    configFile: false,
    logLevel: "warn",
    resolve: { conditions: ["@bluewater/source", "module", "browser", "import", "default"] },
    build: {
      outDir: ownerOut,
      emptyOutDir: true,
      lib: { entry: "src/owner/markContacted.ts", formats: ["es"], fileName: "markContacted" },
      // Library mode keeps whitespace unless told; this script is shipped, not imported.
      rolldownOptions: { output: { minify: true } },
    },
  });
  const code = (await readFile(`${ownerOut}/markContacted.js`, "utf8")).trim();
  await rm(ownerOut, { recursive: true });
  if (/(^|[;}])\s*import\s*[\w{*]|<\/script/i.test(code)) {
    throw new Error("The owner page's script must not import nor contain </script>.");
  }
  return code;
}

/** What the server bundle exports, typed from its source. */
type ServerEntry = typeof import("../src/entry-server.tsx");

await build({ root: appRoot, logLevel: "warn", build: { outDir: dist, emptyOutDir: true } });
await build({
  root: appRoot,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: serverOut, emptyOutDir: true },
});
const server = (await import(`${serverOut}/entry-server.js`)) as ServerEntry;

const manifest = await takeManifest();
const page = manifest["index.html"];
const [stylesheetFile] = page?.css ?? [];
if (!page || !stylesheetFile) throw new Error("The client build produced no page or stylesheet.");
const { html: template, scriptHash } = await withInlineBootScript(
  await readFile(`${dist}/index.html`, "utf8"),
  page.file,
  bootSettings(manifest, server.visitBeaconUrl),
);
const stylesheetLink = `<link rel="stylesheet" crossorigin href="/${stylesheetFile}">`;
if (!template.includes(stylesheetLink)) throw new Error("The page links no stylesheet to inline.");
const css = await readFile(`${dist}/${stylesheetFile}`, "utf8");
// Inlined into both pages, the file itself would be shipped and never loaded.
await rm(`${dist}/${stylesheetFile}`);

const faviconSvg = await readFile(`${appRoot}public/favicon.svg`, "utf8");
const notFoundLog = server.notFoundLogScript();

async function prerender(path: string, kind: "home" | "not-found", file: string) {
  // The 404 page logs the path it was asked for, app or not (src/prerender/notFoundLog.ts).
  const pageScripts = kind === "not-found" ? `<script>${notFoundLog}</script>` : "";
  // The landing page's chat launcher opens its first view, which the app never hydrates: it sits
  // after the app's root (src/chat/firstView/ChatFirstView.tsx).
  const outsideTheApp = kind === "home" ? server.chatFirstViewHtml() : "";
  const html = template
    .replace(stylesheetLink, () => `<style>${css}</style>`)
    .replace("<!--app-head-->", server.documentHead(kind, { siteUrl, faviconSvg }))
    .replace("<!--app-html-->", await server.renderPath(path))
    .replace("<!--outside-app-html-->", () => outsideTheApp)
    .replace("</body>", () => `${pageScripts}</body>`);
  await writeFile(`${dist}/${file}`, html);
}

await prerender("/", "home", "index.html");
await prerender("/404", "not-found", "404.html");
const buildDate = new Date().toISOString().slice(0, 10);
for (const [name, text] of Object.entries(server.siteFiles(siteUrl, buildDate))) {
  await writeFile(`${dist}/${name}`, text);
}
const { markContactedPagePath } = server;
const ownerScript = await markContactedScript();
await mkdir(`${dist}${markContactedPagePath}`, { recursive: true });
await writeFile(
  `${dist}${markContactedPagePath}index.html`,
  server.markContactedDocument({ css, script: ownerScript, faviconSvg }),
);
const connectOrigins = [new URL(env.VITE_SUPABASE_URL ?? "").origin];
await writeFile(
  `${dist}/_headers`,
  server.headersFile({
    connectOrigins,
    formActions: [server.contactFunctionUrl],
    scriptHashes: [scriptHash, cspHash(notFoundLog), cspHash(ownerScript)],
    markContactedPage: {
      path: markContactedPagePath,
      scriptHash: cspHash(ownerScript),
      styleHash: cspHash(css),
    },
  }),
);
await rm(serverOut, { recursive: true });
await rmdir(`${appRoot}dist-server`).catch(() => {});
console.log(`Prerendered /, 404.html and ${markContactedPagePath} into ${dist}`);
