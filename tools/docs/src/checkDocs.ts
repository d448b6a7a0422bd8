/**
 * `pnpm check`'s docs check: every path, link (with its #anchor) and `pnpm` script that the
 * README, docs/ and the other tracked Markdown name must exist. Prints one line per stale
 * reference, `file:line: what`, and exits 1 when there is any.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { headingAnchors, problemWith, type Repository, referencesIn } from "./docReferences.ts";

const root = new URL("../../../", import.meta.url).pathname;

function trackedFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed.split("\n").filter((path) => path !== "" && !path.startsWith(".changeset/"));
}

/** Files and every folder above one. */
function withFolders(files: readonly string[]): Set<string> {
  const paths = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join("/"));
  }
  return paths;
}

function scriptsOf(packageJson: string): { name: string; scripts: Set<string> } {
  const parsed = JSON.parse(readFileSync(join(root, packageJson), "utf8"));
  return { name: parsed.name, scripts: new Set(Object.keys(parsed.scripts ?? {})) };
}

export function readRepository(files = trackedFiles()): Repository {
  const packageFiles = files.filter((file) => file.endsWith("/package.json"));
  const packages = packageFiles.map(scriptsOf);
  const anchors = new Map<string, Set<string>>();
  return {
    paths: withFolders(files),
    scripts: scriptsOf("package.json").scripts,
    packageScripts: new Map(packages.map((pkg) => [pkg.name, pkg.scripts])),
    packageRoots: packageFiles.map((file) => file.slice(0, -"/package.json".length)),
    anchorsOf(path) {
      if (!anchors.has(path)) {
        anchors.set(path, headingAnchors(readFileSync(join(root, path), "utf8")));
      }
      return anchors.get(path);
    },
  };
}

const files = trackedFiles();
const repo = readRepository(files);
const problems: string[] = [];
// A changelog records what was true when each version shipped.
const docs = files.filter((file) => file.endsWith(".md") && !file.endsWith("CHANGELOG.md"));
for (const doc of docs) {
  for (const reference of referencesIn(readFileSync(join(root, doc), "utf8"))) {
    const problem = problemWith(reference, doc, repo);
    if (problem) problems.push(`${doc}:${reference.line}: ${problem}`);
  }
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} stale reference(s) in the docs: fix the doc, or the path.`);
  process.exit(1);
}
