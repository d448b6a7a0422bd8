import { createInterface } from "node:readline";

/**
 * The protocol of the helper processes the Deno tests start (stackForDeno.ts,
 * restartablePostgres.ts; the Deno side is supabase/tests/support/nodeHelper.ts): each message is one JSON line on stdout; a test sends commands as
 * lines on stdin, and closing stdin stops the helper, which cleans up before it exits.
 */
export function announce(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

export function serveTestHelper(options: {
  cleanup: () => Promise<void>;
  /** Runs one command at a time, in the order they arrive; what it returns is announced. */
  onCommand?: (command: string) => Promise<Record<string, unknown>>;
}): void {
  let closing = false;
  let commands = Promise.resolve();
  const close = () => {
    if (closing) return;
    closing = true;
    commands.then(options.cleanup).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("test helper cleanup failed", error);
        process.exit(1);
      },
    );
  };
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const command = line.trim();
    if (!command || closing) return;
    commands = commands.then(async () => {
      try {
        announce(
          options.onCommand
            ? await options.onCommand(command)
            : { error: `unknown command ${command}` },
        );
      } catch (error) {
        announce({ error: String(error) });
      }
    });
  });
  lines.on("close", close);
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}
