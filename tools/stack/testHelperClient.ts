import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface TestHelper {
  /** The next JSON message the helper announces. */
  next<T = Record<string, unknown>>(): Promise<T>;
  /** Sends one command line and waits for the helper's answer to it. */
  command<T = Record<string, unknown>>(command: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * Runs one of the test helpers of this folder (see testHelperProcess.ts) in a Node process of its
 * own, for the Node tests; the Deno tests have supabase/tests/support/nodeHelper.ts. Lines that
 * are not JSON (the stack's log) go to stderr.
 */
export function startTestHelper(
  script: string,
  args: string[] = [],
  nodeOptions: string[] = [],
): TestHelper {
  const child = spawn(
    process.execPath,
    [...nodeOptions, fileURLToPath(new URL(script, import.meta.url)), ...args],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const messages: string[] = [];
  const waiting: Array<(line: string | undefined) => void> = [];
  const lines = createInterface({ input: child.stdout });
  lines.on("line", (line) => {
    if (!line.startsWith("{")) {
      console.error(line);
      return;
    }
    const wake = waiting.shift();
    if (wake) wake(line);
    else messages.push(line);
  });
  lines.on("close", () => {
    for (const wake of waiting.splice(0)) wake(undefined);
  });

  async function next<T>(): Promise<T> {
    const line =
      messages.shift() ??
      (await new Promise<string | undefined>((resolve) => waiting.push(resolve)));
    if (line === undefined) {
      throw new Error(`${script} stopped (exit code ${await exited}); see the message above`);
    }
    return JSON.parse(line) as T;
  }

  return {
    next,
    async command<T>(command: string): Promise<T> {
      child.stdin.write(`${command}\n`);
      const answer = await next<T & { error?: string }>();
      if (answer.error) throw new Error(`${script} ${command}: ${answer.error}`);
      return answer;
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
