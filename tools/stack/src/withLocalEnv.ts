/**
 * Runs a command with the local stack's configuration (see `readEnvironment`). Used by
 * `pnpm start`, `pnpm test`, `pnpm dev` and `pnpm bench`, never by `pnpm build`, so a deployment
 * build without real settings fails instead of using these.
 */
import { spawn } from "node:child_process";
import { readEnvironment } from "./env.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: node tools/stack/src/withLocalEnv.ts <command> [args…]");
const child = spawn(command, args, {
  stdio: "inherit",
  env: readEnvironment(),
  shell: process.platform === "win32",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
