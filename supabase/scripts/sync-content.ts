import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * `supabase functions deploy` bundles only what lies under supabase/functions (the Docker bundler
 * mounts nothing else, and `--use-api` fails on parent-directory imports), so the function imports
 * the shared contact schema from a copy in _shared/content. This keeps the copy identical to
 * packages/content; `--check` fails when it is stale, and a Deno test does the same.
 */
const contentFiles = [
  "business.ts",
  "contactRequest.ts",
  "contactSubmission.ts",
  "serviceOptions.ts",
] as const;

const source = new URL("../../packages/content/src/", import.meta.url);
const target = new URL("../functions/_shared/content/", import.meta.url);

function copyHeader(file: string): string {
  return `// Copied from packages/content/src/${file} by \`pnpm --filter @bluewater/supabase sync-content\`. Edit the original.\n`;
}

const check = process.argv.includes("--check");
const stale: string[] = [];
for (const file of contentFiles) {
  const expected = copyHeader(file) + (await readFile(new URL(file, source), "utf8"));
  const current = await readFile(new URL(file, target), "utf8").catch(() => "");
  if (current === expected) continue;
  if (check) stale.push(file);
  else await writeFile(new URL(file, target), expected);
}
if (stale.length > 0) {
  console.error(
    `supabase/functions/_shared/content is stale (${stale.join(", ")}): run pnpm --filter @bluewater/supabase sync-content`,
  );
  process.exit(1);
}
console.log(
  `${check ? "checked" : "synced"} ${contentFiles.length} files in ${fileURLToPath(target)}`,
);
