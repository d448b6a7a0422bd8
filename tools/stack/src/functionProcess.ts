import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeLines } from "./log.ts";
import { functionsDir } from "./paths.ts";

/** The Deno binary the `deno` npm package installed, or `deno` on PATH. */
export function denoBinary(): string {
  try {
    const binary = join(
      dirname(createRequire(import.meta.url).resolve("deno/package.json")),
      "deno",
    );
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed here: fall through to PATH.
  }
  return "deno";
}

export interface FunctionProcess {
  name: string;
  socketPath: string;
  stop(): Promise<void>;
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request(
      { socketPath, path: "/", method: "OPTIONS", timeout: 1000 },
      (response) => {
        response.resume();
        resolve(true);
      },
    );
    probe.on("error", () => resolve(false));
    probe.on("timeout", () => probe.destroy());
    probe.end();
  });
}

/**
 * Runs a function's real entry (its index.ts, which calls Deno.serve) in the Deno runtime, as the
 * edge runtime would, with only the permissions it needs. DENO_SERVE_ADDRESS points its
 * Deno.serve at a private unix socket the gateway proxies to.
 */
export async function startFunctionProcess(options: {
  name: string;
  env: Record<string, string>;
  writableDir: string;
  /** Drops the function's stdout (the log provider's printed emails), keeping its errors. */
  quiet?: boolean;
}): Promise<FunctionProcess> {
  const dir = join(functionsDir, options.name);
  const runtimeDir = await mkdtemp(join(tmpdir(), `bluewater-${options.name}-`));
  const socketPath = join(runtimeDir, "serve.sock");
  // Deno runs under a shell that holds a pipe from the stack: when the stack ends, even killed
  // outright, the pipe closes and the shell stops Deno instead of leaving it running alone.
  const tiedToStack =
    'exec 3<&0; "$@" <&- & child=$!; (read _ <&3; kill "$child" 2>/dev/null) & wait "$child"';
  const child: ChildProcess = spawn(
    "sh",
    [
      "-c",
      tiedToStack,
      "sh",
      denoBinary(),
      "run",
      "--quiet",
      "--no-prompt",
      // Everything it imports was cached by `pnpm install`: the stack never goes to the network.
      "--cached-only",
      "--frozen",
      `--config=${join(dir, "deno.json")}`,
      "--allow-net",
      "--allow-env",
      `--allow-read=${runtimeDir}`,
      `--allow-write=${runtimeDir},${options.writableDir}`,
      join(dir, "index.ts"),
    ],
    {
      env: { ...options.env, DENO_SERVE_ADDRESS: `unix:${socketPath}`, NO_COLOR: "1" },
      stdio: ["pipe", options.quiet ? "ignore" : "pipe", "pipe"],
    },
  );
  pipeLines(child.stdout, "functions", "stdout");
  pipeLines(child.stderr, "functions", "stderr");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 60_000;
  while (!(await answers(socketPath))) {
    if (child.exitCode !== null) {
      throw new Error(
        `${options.name} exited with code ${child.exitCode} (its error is above). If Deno says ` +
          "a package is not cached, run `pnpm install`: it caches the function's dependencies.",
      );
    }
    if (Date.now() > deadline) {
      child.stdin?.end();
      throw new Error(`${options.name} did not start within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    name: options.name,
    socketPath,
    async stop() {
      if (child.exitCode === null) {
        child.stdin?.end();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(runtimeDir, { recursive: true, force: true });
    },
  };
}
