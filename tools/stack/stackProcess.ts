import { setImmediate as nextTurn } from "node:timers/promises";
import { startEphemeralStack } from "./ephemeralStack.ts";
import type { StackOptions } from "./stack.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * An ephemeral stack (embedded database, function, gateway, site) in a process of its own, for
 * tests that attack it: a frozen event loop or a leak shows in this process, never in the test's.
 * argv[2] holds StackOptions overrides as JSON. Announces `{ siteUrl, functionsUrl, databaseUrl }`;
 * the command `memory` answers `{ rss }` after a full garbage collection (run with --expose-gc).
 */
const overrides = JSON.parse(process.argv[2] ?? "{}") as Partial<StackOptions>;
const stack = await startEphemeralStack(overrides);
announce({
  siteUrl: stack.siteUrl ?? null,
  functionsUrl: stack.functionsUrl,
  databaseUrl: stack.databaseUrl,
});

const collectGarbage = (globalThis as { gc?: () => void }).gc;

serveTestHelper({
  async onCommand(command) {
    if (command !== "memory") throw new Error(`unknown command "${command}"`);
    if (!collectGarbage) throw new Error("run with --expose-gc to measure memory");
    for (let i = 0; i < 3; i++) {
      collectGarbage();
      await nextTurn();
    }
    return { rss: process.memoryUsage().rss };
  },
  cleanup: () => stack.dispose(),
});
