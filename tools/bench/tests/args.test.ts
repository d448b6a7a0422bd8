import assert from "node:assert/strict";
import { test } from "node:test";
import { parseBenchArgs } from "../src/args.ts";

test("the options reach the bench whether pnpm passed a `--` before them or not", async () => {
  const expected = { only: "page", rounds: 2, realRounds: 0, actRounds: 7 };
  assert.deepEqual(
    await parseBenchArgs(["--only=page", "--rounds=2", "--real-rounds=0"]),
    expected,
  );
  assert.deepEqual(
    await parseBenchArgs(["--", "--only=page", "--rounds", "2", "--real-rounds=0"]),
    expected,
  );
});

test("without options the whole bench runs 5 simulated and 3 real 4x rounds, and 7 of first acts", async () => {
  assert.deepEqual(await parseBenchArgs([]), {
    only: undefined,
    rounds: 5,
    realRounds: 3,
    actRounds: 7,
  });
});

test("--only=first-acts runs the first acts alone, --act-rounds sets their rounds", async () => {
  assert.deepEqual(await parseBenchArgs(["--only=first-acts", "--act-rounds=3"]), {
    only: "first-acts",
    rounds: 5,
    realRounds: 3,
    actRounds: 3,
  });
});

test("--acts plays only the first acts it names", async () => {
  const { acts } = await parseBenchArgs(["--only=first-acts", "--acts", "form", "chat-1s"]);
  assert.deepEqual(acts, ["form", "chat-1s"]);
});
