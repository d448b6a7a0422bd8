/**
 * Runs a command with the local stack's configuration: the shell's variables win, then the
 * root `.env`, then `tools/local.env`. Used by `pnpm start`, `pnpm test` and `pnpm bench`, never
 * by `pnpm build`, so a deployment build without real settings fails instead of using these.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
for (const file of [`${root}.env`, `${root}tools/local.env`]) {
  if (existsSync(file)) process.loadEnvFile(file);
}

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: node tools/withLocalEnv.ts <command> [args…]");
const child = spawn(command, args, { stdio: "inherit", shell: process.platform === "win32" });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
