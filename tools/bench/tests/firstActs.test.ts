import assert from "node:assert/strict";
import { test } from "node:test";
import { type FirstActsResult, firstActFailures, firstActRows } from "../src/firstActs.ts";
import { spread } from "../src/lighthouse.ts";

const result = (
  ours: number[],
  preloaded: number[],
  reading = [0, 0, 0],
  judged = true,
): FirstActsResult => ({
  rounds: 3,
  acts: [
    {
      id: "chat-5s",
      label: "tap on the chat launcher 5 s after the first paint",
      judged,
      ours: spread(ours),
      preloaded: spread(preloaded),
      failures: { ours: [], preloaded: [] },
    },
  ],
  reading: { readMs: 3000, ours: reading, preloaded: [126_000, 126_000, 126_000] },
});

const verdicts = (rows: ReturnType<typeof firstActRows>) =>
  rows.filter((row) => row.met !== undefined).map((row) => row.met);

test("an act is met when our median is at most 1.15 times the preloaded variant's", () => {
  assert.deepEqual(verdicts(firstActRows(result([110, 115, 300], [90, 100, 400]))), [true, true]);
  assert.deepEqual(verdicts(firstActRows(result([110, 116, 120], [90, 100, 110]))), [false, true]);
});

test("a run that never completed, or script sent while reading, is a miss, and is listed", () => {
  const incomplete = result([100], [100, 100, 100]);
  incomplete.acts[0]?.failures.ours.push("round 2: not done 20 s after the act");
  const [act] = verdicts(firstActRows(incomplete));
  assert.equal(act, false);
  assert.match(firstActFailures(incomplete)[0] ?? "", /ours: round 2: not done/);
  const [, reading] = verdicts(firstActRows(result([100], [100], [0, 412, 0])));
  assert.equal(reading, false);
});

test("an act printed for the record has no verdict, however slow", () => {
  const rows = firstActRows(result([900, 1000, 1100], [90, 100, 110], [0, 0, 0], false));
  assert.equal(rows.filter((row) => row.value.includes("1000")).length, 1);
  assert.deepEqual(verdicts(rows), [true]);
});
