/**
 * Builds the site: the client bundle, then a server bundle used once to prerender `/` and the
 * 404 page to static HTML (with the stylesheet inlined, so the first paint needs one request),
 * then the files hosts and crawlers read. Run with `pnpm build`.
 */
import { createHash } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, loadEnv } from "vite";
import { codeForReaders, onDemandModules } from "../src/onDemandCode.ts";
import { appChunkFiles, onDemandChunkFiles } from "../vite/firstViewChunks.ts";

const appRoot = fileURLToPath(new URL("..", import.meta.url));
const dist = `${appRoot}dist`;
const serverOut = `${appRoot}dist-server`;
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

/**
 * What the boot script needs to know, from Vite's manifest (which is not shipped): the app's
 * chunks in evaluation order, and the chunks of each piece of code loaded on demand.
 */
async function bootSettings(): Promise<Record<string, string>> {
  const manifestFile = `${dist}/.vite/manifest.json`;
  const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
  await rm(`${dist}/.vite`, { recursive: true });
  const app = appChunkFiles(manifest, "src/main.tsx");
  const onDemand = Object.fromEntries(
    Object.entries(onDemandModules).map(([name, module]) => [
      name,
      onDemandChunkFiles(manifest, module, app),
    ]),
  );
  return {
    "data-app-chunks": JSON.stringify(app),
    "data-on-demand": JSON.stringify(onDemand),
    "data-for-readers": JSON.stringify(codeForReaders),
  };
}

/**
 * Inlines the boot script with its settings as attributes, which the CSP's hash does not cover.
 * As a file it was one more request on the way to the first paint: a module script is fetched at
 * high priority, and on a phone every request before the first frame costs a round trip. The CSP
 * allows it by its hash, not 'unsafe-inline'.
 */
async function withInlineBootScript(html: string, settings: Record<string, string>) {
  const tag = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/.exec(
    html,
  );
  if (!tag?.[1]) throw new Error("The client build produced no boot script tag.");
  const code = (await readFile(`${dist}${tag[1]}`, "utf8")).trim();
  // An inline script has no URL: a static import would resolve against the page, not /assets/.
  if (/(^|[;}])\s*import\s*[\w{*]|<\/script/i.test(code)) {
    throw new Error("The boot script must not import statically nor contain </script>.");
  }
  await rm(`${dist}${tag[1]}`);
  const attributes = Object.entries(settings)
    .map(([name, value]) => ` ${name}='${value}'`)
    .join("");
  const inline = `<script type="module"${attributes}>${code}</script>`;
  return {
    html: html.replace(tag[0], () => inline),
    scriptHash: cspHash(code),
  };
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

const { html: template, scriptHash } = await withInlineBootScript(
  await readFile(`${dist}/index.html`, "utf8"),
  await bootSettings(),
);
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(
  template,
);
if (!stylesheet?.[1]) throw new Error("The client build produced no stylesheet link to inline.");
const css = await readFile(`${dist}${stylesheet[1]}`, "utf8");
// Inlined into both pages, the file itself would be shipped and never loaded.
await rm(`${dist}${stylesheet[1]}`);

const faviconSvg = await readFile(`${appRoot}public/favicon.svg`, "utf8");
const notFoundLog = server.notFoundLogScript();

async function prerender(path: string, kind: "home" | "not-found", file: string) {
  // The 404 page logs the path it was asked for, app or not (src/prerender/notFoundLog.ts).
  const pageScripts = kind === "not-found" ? `<script>${notFoundLog}</script>` : "";
  const html = template
    .replace(stylesheet?.[0] ?? "", `<style>${css}</style>`)
    .replace("<!--app-head-->", server.documentHead(kind, { siteUrl, faviconSvg }))
    .replace("<!--app-html-->", await server.renderPath(path))
    .replace("</body>", () => `${pageScripts}</body>`);
  await writeFile(`${dist}/${file}`, html);
}

await prerender("/", "home", "index.html");
await prerender("/404", "not-found", "404.html");
const buildDate = new Date().toISOString().slice(0, 10);
for (const [name, text] of Object.entries(server.siteFiles(siteUrl, buildDate))) {
  await writeFile(`${dist}/${name}`, text);
}
const connectOrigins = [new URL(env.VITE_SUPABASE_URL ?? "").origin];
await writeFile(
  `${dist}/_headers`,
  server.headersFile({
    connectOrigins,
    formActions: [server.contactFunctionUrl],
    scriptHashes: [scriptHash, cspHash(notFoundLog)],
  }),
);
await rm(serverOut, { recursive: true });
console.log(`Prerendered / and 404.html into ${dist}`);
