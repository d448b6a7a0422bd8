import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * `supabase functions deploy` bundles only what lies under supabase/functions (the Docker bundler
 * mounts nothing else, and `--use-api` fails on parent-directory imports), so the function imports
 * `@bluewater/content` from a copy in _shared/content. The copy is the package's build output:
 * the modules the function's import map names, with the modules they import and their
 * declarations. This writes it (building the package first); `--check` only compares and fails
 * when the copy is stale, and a Deno test runs that check.
 */
const packageDir = new URL("../../packages/content/", import.meta.url);
const dist = new URL("dist/", packageDir);
const target = new URL("../functions/_shared/content/", import.meta.url);
const importMap = new URL("../functions/send-contact-email/deno.json", import.meta.url);
const copyPrefix = "../_shared/content/";

const generated =
  "// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.\n";
// Deno reads a JavaScript module's types from the file this comment names.
const typesFrom = (declarations: string) => `// @ts-self-types="./${declarations}"\n`;

/** The copied modules the import map points at: what the function imports. */
async function mappedModules(): Promise<string[]> {
  const { imports } = JSON.parse(await readFile(importMap, "utf8")) as {
    imports: Record<string, string>;
  };
  return Object.entries(imports)
    .filter(([specifier]) => specifier.startsWith("@bluewater/content"))
    .map(([specifier, path]) => {
      if (!path.startsWith(copyPrefix)) {
        throw new Error(`${specifier} must map into ${copyPrefix}, not ${path}`);
      }
      return path.slice(copyPrefix.length);
    });
}

const relativeImports = (code: string) =>
  [...code.matchAll(/from "\.\/([^"]+\.js)"/g)].map((match) => match[1] ?? "");

/** Every file the copy holds, by name: each module, what it imports, and its declarations. */
async function expectedCopy(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const pending = await mappedModules();
  while (pending.length > 0) {
    const module = pending.pop() ?? "";
    if (files.has(module)) continue;
    const declarations = module.replace(/\.js$/, ".d.ts");
    const code = await readFile(new URL(module, dist), "utf8").catch(() => {
      throw new Error(`${fileURLToPath(dist)}${module} is missing: build packages/content first`);
    });
    files.set(module, generated + typesFrom(declarations) + code);
    files.set(declarations, generated + (await readFile(new URL(declarations, dist), "utf8")));
    pending.push(...relativeImports(code));
  }
  return files;
}

async function currentCopy(): Promise<Map<string, string>> {
  const names = await readdir(target).catch(() => []);
  const files = names.filter((name) => name.endsWith(".js") || name.endsWith(".ts"));
  return new Map(
    await Promise.all(
      files.map(async (name) => [name, await readFile(new URL(name, target), "utf8")] as const),
    ),
  );
}

const check = process.argv.includes("--check");
if (!check) {
  execFileSync("pnpm", ["--filter", "@bluewater/content", "build"], { stdio: "inherit" });
}
const expected = await expectedCopy();
const current = await currentCopy();
const stale = [...new Set([...expected.keys(), ...current.keys()])].filter(
  (name) => expected.get(name) !== current.get(name),
);
if (check && stale.length > 0) {
  console.error(
    `supabase/functions/_shared/content is stale (${stale.join(", ")}): run pnpm --filter @bluewater/supabase sync-content`,
  );
  process.exit(1);
}
await mkdir(target, { recursive: true });
for (const name of stale) {
  const content = expected.get(name);
  if (content === undefined) await rm(new URL(name, target));
  else await writeFile(new URL(name, target), content);
}
console.log(`${check ? "checked" : "synced"} ${expected.size} files in ${fileURLToPath(target)}`);
