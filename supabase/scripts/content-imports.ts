import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The function reads the content package from source, through its deno.json import map. Each
 * `@bluewater/content/<entry>` there must be the path the package's own `exports` give that
 * entry under the `@bluewater/source` condition, so the map is derived from package.json, never
 * kept in step by hand: `pnpm check` runs this to compare, `--write` rewrites the entries.
 */
const functionDir = fileURLToPath(new URL("../functions/send-contact-email/", import.meta.url));
const denoJsonPath = `${functionDir}deno.json`;
const contentDir = fileURLToPath(new URL("../../packages/content/", import.meta.url));

type Exports = Record<string, { "@bluewater/source"?: string } | string>;
const { exports } = JSON.parse(readFileSync(`${contentDir}package.json`, "utf8")) as {
  exports: Exports;
};
const denoJson = JSON.parse(readFileSync(denoJsonPath, "utf8")) as {
  imports: Record<string, string>;
};

const prefix = "@bluewater/content/";
const problems: string[] = [];
const imports: Record<string, string> = {};
for (const [specifier, target] of Object.entries(denoJson.imports)) {
  if (!specifier.startsWith(prefix)) {
    imports[specifier] = target;
    continue;
  }
  const entry = exports[`./${specifier.slice(prefix.length)}`];
  const source = typeof entry === "object" ? entry["@bluewater/source"] : undefined;
  if (!source) {
    problems.push(`${specifier}: the content package exports no such entry`);
    continue;
  }
  const expected = relative(functionDir, `${contentDir}${source}`);
  imports[specifier] = expected;
  if (target !== expected) problems.push(`${specifier}: ${target}, the package says ${expected}`);
}

if (process.argv.includes("--write")) {
  writeFileSync(denoJsonPath, `${JSON.stringify({ ...denoJson, imports }, null, 2)}\n`);
} else if (problems.length > 0) {
  console.error(
    `supabase/functions/send-contact-email/deno.json's content imports differ from ` +
      `packages/content/package.json's exports:\n  ${problems.join("\n  ")}\n` +
      "Run `pnpm --filter @bluewater/supabase content-imports --write`.",
  );
  process.exit(1);
}
