import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";

const start = new URL("../src/start.ts", import.meta.url).pathname;
const run = (...args: string[]) => promisify(execFile)(process.execPath, [start, ...args]);

test("serve-site --help prints its usage and exits 0, serving nothing", async () => {
  const { stdout } = await run("--help");
  assert.match(stdout, /^Usage: serve-site \[options\] \[dist\]/);
});

test("a second folder is named as the mistake, with the usage, and exits 2", async () => {
  await assert.rejects(
    run("dist", "other"),
    (error: { code?: number; stderr?: string }) =>
      error.code === 2 && /too many arguments/.test(error.stderr ?? ""),
  );
});
