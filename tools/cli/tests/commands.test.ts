import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const repoRoot = new URL("../../../", import.meta.url).pathname;
const scripts: Record<string, string> = JSON.parse(
  readFileSync(`${repoRoot}package.json`, "utf8"),
).scripts;

/** The root scripts that run one of our own programs (not turbo, Biome or Vite). */
const commands = Object.entries(scripts)
  .filter(([, line]) => /tools\/\w+\/src\/(?!withLocalEnv)\w+\.ts/.test(line))
  .map(([name]) => name);

function run(name: string, ...args: string[]) {
  const result = spawnSync("pnpm", ["--silent", "run", name, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const stackTrace = /^\s+at .+[:(]/m;

test("the README's commands are our own programs", () => {
  for (const name of ["start", "leads", "bench", "bench:function", "go-live"]) {
    assert.ok(commands.includes(name), `pnpm ${name}`);
  }
});

for (const name of commands) {
  test(`pnpm ${name} --help prints its usage and exits 0, before doing anything`, () => {
    const answer = run(name, "--help");
    assert.equal(answer.status, 0, answer.stderr);
    assert.match(answer.stdout, new RegExp(`^Usage: pnpm ${name} `));
    assert.match(answer.stdout, /--help/);
  });

  test(`pnpm ${name} with an unknown option names it in one line, then the usage, and exits 2`, () => {
    const answer = run(name, "--bogus");
    assert.equal(answer.status, 2, answer.stderr);
    const [first, ...rest] = answer.stderr.split("\n");
    assert.equal(first, "error: unknown option '--bogus'");
    assert.match(rest.join("\n"), new RegExp(`Usage: pnpm ${name}`));
    assert.doesNotMatch(answer.stderr, stackTrace);
    assert.equal(answer.stdout, "");
  });
}

test("a bad value is named with what it must be, and exits 2 without a stack trace", () => {
  const answer = run("leads", "list", "--limit=many");
  assert.equal(answer.status, 2);
  assert.match(
    answer.stderr.split("\n")[0] ?? "",
    /^error: option '--limit <n>' argument 'many' is invalid\. It must be a whole number ≥ 1\.$/,
  );
  assert.doesNotMatch(answer.stderr, stackTrace);
});
