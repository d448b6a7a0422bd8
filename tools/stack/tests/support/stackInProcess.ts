import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import type { StackOptions } from "../../src/stack.ts";

export interface ProcessMemory {
  held: number;
  rss: number;
}

export interface StackProcess {
  pid: number;
  siteUrl: string;
  functionsUrl: string;
  databaseUrl: string;
  /**
   * After a full garbage collection: what the process's objects hold (`held`: the JavaScript heap
   * in use and the buffers outside it, where a kept body would be), and its resident memory.
   */
  memory(): Promise<ProcessMemory>;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or `kill -9` would: nothing in the process gets to clean up. */
  kill(): void;
}

/** Forks stackProcess.ts and waits for its stack to start. */
export async function startStackProcess(overrides: Partial<StackOptions>): Promise<StackProcess> {
  const child: ChildProcess = fork(
    new URL("./stackProcess.ts", import.meta.url),
    [JSON.stringify(overrides)],
    { execArgv: ["--expose-gc", "--conditions=@bluewater/source"] },
  );
  const exited = once(child, "exit");
  const next = async <T>(): Promise<T> => {
    const [message] = (await Promise.race([
      once(child, "message"),
      exited.then(([code]) => {
        throw new Error(`the stack process exited (${code}); its error is above`);
      }),
    ])) as [T];
    return message;
  };
  const urls = await next<{ siteUrl: string; functionsUrl: string; databaseUrl: string }>();
  return {
    pid: child.pid ?? 0,
    ...urls,
    async memory() {
      child.send("memory");
      return await next<ProcessMemory>();
    },
    async stop() {
      child.send("stop");
      await exited;
    },
    kill: () => child.kill("SIGKILL"),
  };
}
