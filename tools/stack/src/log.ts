import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

const colors: Record<string, number> = {
  db: 36,
  functions: 35,
  deliverer: 33,
  site: 32,
  stack: 34,
  bench: 34,
};

/** Every line of the stack's output says which part wrote it. */
export function prefix(part: string): string {
  const color = colors[part];
  const label = `[${part}]`.padEnd(12);
  return process.stdout.isTTY && color ? `\u001b[${color}m${label}\u001b[0m` : label;
}

export function logger(part: string) {
  return {
    info: (...values: unknown[]) => console.log(prefix(part), ...values),
    error: (...values: unknown[]) => console.error(prefix(part), ...values),
  };
}

/** Re-prints a child process's output line by line under its part's prefix. */
export function pipeLines(stream: Readable | null, part: string, to: "stdout" | "stderr"): void {
  if (!stream) return;
  const write = to === "stdout" ? console.log : console.error;
  createInterface({ input: stream }).on("line", (line) => write(prefix(part), line));
}
