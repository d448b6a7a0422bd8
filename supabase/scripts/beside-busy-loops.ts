import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";

/**
 * `node scripts/beside-busy-loops.ts --loops 8 -- <command> [args…]`: runs a command while
 * `loops` threads spin on the machine's cores, and exits with its code. The budgets' and limits'
 * tests run here as well as alone (`pnpm test`): on a host whose cores are taken, every query and
 * every timer is late by a different amount, so a test that passes only when one lead's
 * statements finish before another's starts fails here first. A spinning thread needs no binary
 * of its own, and stops with this process.
 */
const { values, positionals } = parseArgs({
  options: { loops: { type: "string", default: "8" } },
  allowPositionals: true,
});
const loops = Number(values.loops);
const [command, ...args] = positionals;
if (!command || !Number.isInteger(loops) || loops < 1) {
  console.error("usage: beside-busy-loops.ts --loops <n ≥ 1> -- <command> [args…]");
  process.exit(2);
}

const spinners = Array.from({ length: loops }, () => new Worker("for (;;) {}", { eval: true }));
console.log(`[busy] ${loops} busy loops beside: ${command} ${args.join(" ")}`);
const child = spawn(command, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => {
  child.on("error", (error) => {
    console.error(`[busy] could not run ${command}: ${error.message}`);
    resolve(1);
  });
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await Promise.all(spinners.map((spinner) => spinner.terminate()));
process.exit(code);
