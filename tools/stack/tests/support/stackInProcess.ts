import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import type { StackOptions } from "../../src/stack.ts";

export interface StackProcess {
  pid: number;
  siteUrl: string;
  functionsUrl: string;
  databaseUrl: string;
  /** The process's resident memory after a full garbage collection. */
  memory(): Promise<number>;
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
      return (await next<{ rss: number }>()).rss;
    },
    async stop() {
      child.send("stop");
      await exited;
    },
    kill: () => child.kill("SIGKILL"),
  };
}
