import { startThrowawayStack, type ThrowawayStack } from "@bluewater/stack/throwaway";
import { announce, serveTestHelper } from "./helperProcess.ts";

/**
 * For the function's Deno tests: the function as `pnpm start` runs it, in its own Deno process
 * behind the gateway, on a database of its own. argv[2] is the function's environment as JSON.
 * Announces `{ functionsUrl, databaseUrl }`; closing stdin stops it and drops the database.
 */
const functionEnv = JSON.parse(process.argv[2] ?? "{}") as Record<string, string>;
let stack: ThrowawayStack;
try {
  stack = await startThrowawayStack({ functionEnv });
} catch (error) {
  console.error(error);
  process.exit(2);
}
announce({ functionsUrl: stack.functionsUrl, databaseUrl: stack.databaseUrl });
serveTestHelper({ cleanup: () => stack.dispose() });
