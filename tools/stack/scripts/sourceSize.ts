import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../src/paths.ts";

/**
 * Keeps the local stack small beside the product it serves: its source (tools/stack, tools/serve
 * and tools/postgres, tests left out) must stay at most half of apps/web/src, both counted the
 * same way: lines of TypeScript that are neither blank nor only a comment. Run by `pnpm check`.
 */
const maxRatio = 0.5;
const localStack = ["tools/stack/src", "tools/serve/src", "tools/postgres/src"];
const product = ["apps/web/src"];

function codeLines(folder: string): number {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(repoRoot, folder, file), "utf8"))
    .flatMap((text) => text.split("\n"))
    .filter((line) => line.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
}

const count = (folders: string[]) => folders.reduce((sum, folder) => sum + codeLines(folder), 0);
const stack = count(localStack);
const web = count(product);
const ratio = stack / web;
console.log(
  `local stack (${localStack.join(", ")}): ${stack} lines of code; ${product.join(", ")}: ` +
    `${web}; ratio ${ratio.toFixed(2)} (at most ${maxRatio})`,
);
if (ratio > maxRatio) {
  console.error(
    `The local stack has grown past ${maxRatio} × the product's code: fold or delete before adding.`,
  );
  process.exit(1);
}
