// The repository pins Node 24 (it runs .ts files); the system's `node` may be older.
const pinnedNode = new URL("../../../node_modules/.bin/node", import.meta.url);

export function nodeBinary(): string {
  try {
    Deno.statSync(pinnedNode);
    return pinnedNode.pathname;
  } catch {
    return "node";
  }
}

export interface NodeHelper {
  /** The next JSON message the helper announces. */
  next<T = Record<string, unknown>>(): Promise<T>;
  /** Sends one command line and waits for the helper's answer to it. */
  command<T = Record<string, unknown>>(command: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * Runs one of @bluewater/testing's helper processes in Node (see its helperProcess.ts): JSON
 * messages come as lines on its stdout, other output (the stack's log) is passed to stderr, and
 * closing its stdin stops it.
 */
export function startNodeHelper(script: string, args: string[] = []): NodeHelper {
  // The supabase package depends on @bluewater/testing: pnpm links it into its node_modules.
  const helpers = new URL("../../node_modules/@bluewater/testing/src/", import.meta.url);
  const child = new Deno.Command(nodeBinary(), {
    args: ["--conditions=@bluewater/source", new URL(script, helpers).pathname, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const writer = child.stdin.getWriter();
  let buffered = "";

  async function next<T>(): Promise<T> {
    for (;;) {
      const end = buffered.indexOf("\n");
      if (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.startsWith("{")) return JSON.parse(line) as T;
        console.error(line);
        continue;
      }
      const { done, value } = await reader.read();
      if (done) {
        const status = await child.status;
        throw new Error(`${script} stopped (exit code ${status.code}); see the message above`);
      }
      buffered += value;
    }
  }

  return {
    next,
    async command<T>(command: string): Promise<T> {
      await writer.write(new TextEncoder().encode(`${command}\n`));
      const answer = await next<T & { error?: string }>();
      if (answer.error) throw new Error(`${script} ${command}: ${answer.error}`);
      return answer;
    },
    async close() {
      await writer.close();
      await reader.cancel();
      await child.status;
    },
  };
}
