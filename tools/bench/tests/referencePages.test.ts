import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { siteDistDir } from "@bluewater/stack/paths";
import { readBootSettings, withBootSettings } from "@bluewater/web/boot-tag";
import {
  preloadedVariant,
  type ReferencePages,
  startReferencePages,
  staticTemplate,
  withoutApp,
} from "../src/referencePages.ts";

let references: ReferencePages | undefined;
let builtPage: string;

before(async () => {
  if (!existsSync(join(siteDistDir, "index.html"))) {
    throw new Error(
      `${siteDistDir} has no build: run \`pnpm build\` (or \`pnpm test\`) from the repository root`,
    );
  }
  builtPage = await readFile(join(siteDistDir, "index.html"), "utf8");
  references = await startReferencePages(siteDistDir);
});

after(async () => {
  await references?.close();
});

const scripts = (html: string): string[] => html.match(/<script\b[^>]*>/g) ?? [];
const bootScript = () =>
  builtPage.match(/<script type="module" data-boot=[\s\S]*?<\/script>/)?.[0] ?? "";

test("the page without its app is the built page minus its boot script, other scripts kept", () => {
  const stripped = withoutApp(builtPage);
  const removed = scripts(builtPage).filter((tag) => !scripts(stripped).includes(tag));
  assert.equal(removed.length, 1);
  assert.match(removed[0] ?? "", /data-boot=/);
  assert.ok(scripts(stripped).some((tag) => tag.includes("application/ld+json")));
  // Nothing else moved: the removed characters are exactly that script element.
  assert.equal(stripped, builtPage.replace(bootScript(), ""));
});

test("a page whose boot script cannot be found is refused, so a reference never equals the page", () => {
  assert.throws(() => withoutApp("<!doctype html><title>x</title>"), /found none/);
  const twice = builtPage.replace("</body>", `${bootScript()}</body>`);
  assert.throws(() => withoutApp(twice), /found more than one/);
});

test("the reference pages are served with the site's own headers", async () => {
  assert.ok(references);
  const page = await fetch(references.withoutAppUrl);
  const minimal = await fetch(references.minimalUrl);
  const template = await fetch(references.staticTemplateUrl);
  assert.equal(page.status, 200);
  assert.equal(minimal.status, 200);
  assert.equal(template.status, 200);
  const pageHtml = await page.text();
  assert.doesNotMatch(pageHtml, /data-boot=/);
  assert.match(pageHtml, /id="contact"/);
  assert.ok((await minimal.text()).length < 400);
  const csp = "content-security-policy";
  assert.ok(page.headers.get(csp)?.includes("default-src 'self'"));
  assert.equal(minimal.headers.get(csp), page.headers.get(csp));
  assert.equal(template.headers.get(csp), page.headers.get(csp));
});

/** The page's one inline stylesheet, as the build wrote it. */
const inlineCss = () => builtPage.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

test("the static template runs no script but its JSON-LD", () => {
  const { html } = staticTemplate(builtPage);
  const tags = scripts(html);
  assert.ok(tags.length > 0);
  for (const tag of tags) assert.match(tag, /type="application\/ld\+json"/);
});

test("the static template's stylesheet is one render-blocking file linked in the head", () => {
  const { html, stylesheetPath } = staticTemplate(builtPage);
  assert.doesNotMatch(html, /<style[\s>]/);
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  assert.deepEqual(links, [`<link rel="stylesheet" href="${stylesheetPath}">`]);
  // In the head, with no media query and no deferral: the first paint waits for it.
  assert.ok(headOf(html).includes(links[0] ?? "-"));
  assert.match(stylesheetPath, /^\/assets\/template-[\w-]+\.css$/);
  // Nothing else moved: put back inline, the page is the page without its app.
  assert.equal(
    html.replace(links[0] ?? "-", `<style>${inlineCss()}</style>`),
    withoutApp(builtPage),
  );
});

test("the served stylesheet is exactly the page's inline CSS, as text/css the CSP allows", async () => {
  assert.ok(references);
  const page = await fetch(references.staticTemplateUrl);
  const html = await page.text();
  assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
  const href = html.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
  assert.ok(href);
  const stylesheet = await fetch(new URL(href, references.staticTemplateUrl));
  assert.equal(stylesheet.status, 200);
  assert.equal(stylesheet.headers.get("content-type"), "text/css; charset=utf-8");
  assert.equal(await stylesheet.text(), inlineCss());
  // A same-origin stylesheet needs 'self' in style-src (or in default-src, when there is none).
  const directives = (page.headers.get("content-security-policy") ?? "").split(";");
  const directive = (name: string) =>
    directives.map((d) => d.trim().split(/\s+/)).find(([first]) => first === name);
  assert.ok((directive("style-src") ?? directive("default-src"))?.includes("'self'"));
});

test("a stylesheet that cannot be moved as it is is refused", () => {
  const withCss = (css: string) =>
    builtPage.replace(/<style>[\s\S]*?<\/style>/, `<style>${css}</style>`);
  assert.throws(() => staticTemplate(withCss("a{background:url(images/x.svg)}")), /relative url/);
  assert.doesNotThrow(() => staticTemplate(withCss("a{background:url(/images/x.svg)}")));
  // A quoted data URL (as the icons' stylesheet writes them) moves as it is.
  assert.doesNotThrow(() => staticTemplate(withCss(`a{--i:url("data:image/svg+xml,%3Csvg/%3E")}`)));
  assert.throws(() => staticTemplate(withCss(`a{background:url("images/x.svg")}`)), /relative url/);
  assert.throws(() => staticTemplate(builtPage.replace(/<style>[\s\S]*?<\/style>/, "")), /found 0/);
});

test("the preloaded variant is the built page whose boot script is told to start at the first paint", () => {
  const variant = preloadedVariant(builtPage);
  const built = readBootSettings(builtPage);
  assert.equal(readBootSettings(variant).readingMs, 0, "the boot script carries the setting");
  assert.notEqual(built.readingMs, 0);
  // The script's code is unchanged, so the CSP's hash still allows it; nothing else moved.
  assert.equal(withBootSettings(variant, { readingMs: built.readingMs }), builtPage);
  const code = (html: string) => html.slice(html.indexOf(">", html.indexOf("data-boot=")));
  assert.equal(code(variant), code(builtPage));
  assert.throws(() => preloadedVariant("<!doctype html><title>x</title>"), /boot script/);
});
