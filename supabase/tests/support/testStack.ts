import { startNodeHelper } from "./nodeHelper.ts";

export interface TestStack {
  /** …/functions/v1/send-contact-email on the gateway. */
  functionsUrl: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The function as `pnpm start` runs it: its own Deno process behind the local gateway (real
 * HTTP, the gateway's CF-Connecting-IP), on a fresh database. `functionEnv` is its environment.
 */
export async function startTestStack(functionEnv: Record<string, string>): Promise<TestStack> {
  const helper = startNodeHelper("stackForDeno.ts", [JSON.stringify(functionEnv)]);
  const { functionsUrl, databaseUrl } = await helper.next<{
    functionsUrl: string;
    databaseUrl: string;
  }>();
  return { functionsUrl, databaseUrl, close: () => helper.close() };
}
