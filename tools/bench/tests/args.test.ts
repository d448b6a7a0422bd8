import assert from "node:assert/strict";
import { test } from "node:test";
import { parseBenchArgs } from "../src/args.ts";

test("the options reach the bench whether pnpm passed a `--` before them or not", () => {
  const expected = { only: "page", rounds: 2, realRounds: 0, actRounds: 7 };
  assert.deepEqual(parseBenchArgs(["--only=page", "--rounds=2", "--real-rounds=0"]), expected);
  assert.deepEqual(
    parseBenchArgs(["--", "--only=page", "--rounds", "2", "--real-rounds=0"]),
    expected,
  );
});

test("without options the whole bench runs 5 simulated and 3 real 4x rounds, and 7 of first acts", () => {
  assert.deepEqual(parseBenchArgs([]), {
    only: undefined,
    rounds: 5,
    realRounds: 3,
    actRounds: 7,
  });
});

test("--only=first-acts runs the first acts alone, --act-rounds sets their rounds", () => {
  assert.deepEqual(parseBenchArgs(["--only=first-acts", "--act-rounds=3"]), {
    only: "first-acts",
    rounds: 5,
    realRounds: 3,
    actRounds: 3,
  });
});

test("an option the bench does not know, or a count that is not one, stops it before the build", () => {
  assert.throws(() => parseBenchArgs(["--only=stack"]), /--only takes "page" or "first-acts"/);
  assert.throws(() => parseBenchArgs(["--act-rounds=0"]), /--act-rounds must be/);
  assert.throws(() => parseBenchArgs(["--rounds=0"]), /--rounds must be/);
  assert.throws(() => parseBenchArgs(["--real-rounds=1.5"]), /--real-rounds must be/);
  assert.throws(() => parseBenchArgs(["--round=3"]), /Unknown option/);
});
