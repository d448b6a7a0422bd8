import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { siteDistDir } from "@bluewater/stack/paths";
import { type ReferencePages, startReferencePages, withoutApp } from "../src/referencePages.ts";

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
  builtPage.match(/<script type="module" data-app-chunks=[\s\S]*?<\/script>/)?.[0] ?? "";

test("the page without its app is the built page minus its boot script, other scripts kept", () => {
  const stripped = withoutApp(builtPage);
  const removed = scripts(builtPage).filter((tag) => !scripts(stripped).includes(tag));
  assert.equal(removed.length, 1);
  assert.match(removed[0] ?? "", /data-app-chunks/);
  assert.ok(scripts(stripped).some((tag) => tag.includes("application/ld+json")));
  // Nothing else moved: the removed characters are exactly that script element.
  assert.equal(stripped, builtPage.replace(bootScript(), ""));
});

test("a page whose boot script cannot be found is refused, so a reference never equals the page", () => {
  assert.throws(() => withoutApp("<!doctype html><title>x</title>"), /found 0/);
  const twice = builtPage.replace("</body>", `${bootScript()}</body>`);
  assert.throws(() => withoutApp(twice), /found 2/);
});

test("both reference pages are served with the site's own headers", async () => {
  assert.ok(references);
  const page = await fetch(references.withoutAppUrl);
  const minimal = await fetch(references.minimalUrl);
  assert.equal(page.status, 200);
  assert.equal(minimal.status, 200);
  const pageHtml = await page.text();
  assert.doesNotMatch(pageHtml, /data-app-chunks/);
  assert.match(pageHtml, /id="contact"/);
  assert.ok((await minimal.text()).length < 400);
  const csp = "content-security-policy";
  assert.ok(page.headers.get(csp)?.includes("default-src 'self'"));
  assert.equal(minimal.headers.get(csp), page.headers.get(csp));
});
