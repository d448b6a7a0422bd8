import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { defaultPeerDir, parseBenchArgs } from "../src/args.ts";

test("the options reach the bench whether pnpm passed a `--` before them or not", async () => {
  const expected = {
    only: "page",
    rounds: 2,
    realRounds: 0,
    actRounds: 7,
    peer: defaultPeerDir,
  };
  assert.deepEqual(
    await parseBenchArgs(["--only=page", "--rounds=2", "--real-rounds=0"]),
    expected,
  );
  assert.deepEqual(
    await parseBenchArgs(["--", "--only=page", "--rounds", "2", "--real-rounds=0"]),
    expected,
  );
});

test("without options the whole bench runs 5 simulated and 5 real rounds (the targets are medians of 5), and 7 of first acts", async () => {
  assert.deepEqual(await parseBenchArgs([]), {
    only: undefined,
    rounds: 5,
    realRounds: 5,
    actRounds: 7,
    peer: defaultPeerDir,
  });
});

test("--only=first-acts runs the first acts alone, --act-rounds sets their rounds", async () => {
  assert.deepEqual(await parseBenchArgs(["--only=first-acts", "--act-rounds=3"]), {
    only: "first-acts",
    rounds: 5,
    realRounds: 5,
    actRounds: 3,
    peer: defaultPeerDir,
  });
});

test("--acts plays only the first acts it names", async () => {
  const { acts } = await parseBenchArgs(["--only=first-acts", "--acts", "form", "chat-1s"]);
  assert.deepEqual(acts, ["form", "chat-1s"]);
});

test("the peer is AstroWind beside the repository unless --peer names another folder", async () => {
  assert.match(defaultPeerDir, /\/shared\/peers\/astrowind-2e8f6ec$/);
  assert.equal(resolve(defaultPeerDir, "../../.."), resolve(import.meta.dirname, "../../../.."));
  const { peer } = await parseBenchArgs(["--peer", "elsewhere/site"]);
  assert.equal(peer, resolve("elsewhere/site"));
});

test("--site measures a site built before, by its absolute path; without it the bench builds this checkout's", async () => {
  const { site } = await parseBenchArgs(["--only=page", "--site", "older/apps/web/dist"]);
  assert.equal(site, resolve("older/apps/web/dist"));
  assert.equal("site" in (await parseBenchArgs(["--only=page"])), false);
});
