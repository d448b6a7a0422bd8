import { setImmediate as nextTurn } from "node:timers/promises";
import type { StackOptions } from "../../src/stack.ts";
import { startThrowawayStack } from "../../testing/throwawayStack.ts";

/**
 * A throw-away stack in a process of its own (forked by startStackProcess), for tests that attack
 * it: a frozen event loop or a leak shows in this process, never in the test's. argv[2] holds
 * StackOptions overrides as JSON. Sends `{ siteUrl, functionsUrl, databaseUrl }` once started;
 * answers the message "memory" with what it holds after a full garbage collection; a "stop" message,
 * or the test process going away, stops it.
 */
const overrides = JSON.parse(process.argv[2] ?? "{}") as Partial<StackOptions>;
const stack = await startThrowawayStack(overrides);
const send = (message: Record<string, unknown>) => process.send?.(message);
send({
  siteUrl: stack.siteUrl ?? null,
  functionsUrl: stack.functionsUrl,
  databaseUrl: stack.databaseUrl,
});

const collectGarbage = (globalThis as { gc?: () => void }).gc;
const stop = () => stack.dispose().then(() => process.exit(0));
process.on("disconnect", stop);
process.on("message", async (message) => {
  if (message === "stop") return stop();
  if (message !== "memory" || !collectGarbage) return;
  for (let i = 0; i < 3; i++) {
    collectGarbage();
    await nextTurn();
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  send({ rss, held: heapUsed + external });
});
