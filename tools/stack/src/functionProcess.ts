import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import { createRequire } from "node:module";
import { constants, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { logger, pipeLines } from "./log.ts";
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
  /** The running Deno process's id (a test kills it), undefined while it is being restarted. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** Waits after the function died before each start: doubling, at most 30 s. */
const restartDelaysMs: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 30_000];

/** A run this long was a good one: the next death starts the backoff from its first delay. */
const healthyRunMs = 60_000;

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

// Deno runs under a shell that holds a pipe from the stack: when the stack ends, even killed
// outright, the pipe closes and the shell stops Deno instead of leaving it running alone. The
// shell writes Deno's own process id to the file its first argument names.
const tiedToStack =
  'pidfile=$1; shift; exec 3<&0; "$@" <&- & child=$!; echo "$child" > "$pidfile"; (read _ <&3; kill "$child" 2>/dev/null) & wait "$child"';

/** "SIGKILL" or "code 1": the shell reports a signal that ended Deno as 128 + its number. */
function howItEnded(child: ChildProcess): string {
  const code = child.exitCode ?? 0;
  const signal = Object.entries(constants.signals).find(([, number]) => number === code - 128);
  return child.signalCode ?? (code > 128 && signal ? signal[0] : `code ${code}`);
}

interface Run {
  child: ChildProcess;
  exited: Promise<void>;
  startedAt: number;
  denoPid: number | undefined;
}

/**
 * Runs a function's real entry (its index.ts, which calls Deno.serve) in the Deno runtime, as the
 * edge runtime would, with only the permissions it needs. DENO_SERVE_ADDRESS points its
 * Deno.serve at a private unix socket the gateway proxies to.
 *
 * It is kept running: when Deno dies (a crash, the out-of-memory killer, a `kill`), the death is
 * logged and Deno started again after a backoff (`restartDelaysMs`). Meanwhile the gateway answers
 * 503 with Retry-After (gateway.ts).
 */
export async function startFunctionProcess(options: {
  name: string;
  env: Record<string, string>;
  writableDir: string;
  /** Drops the function's stdout (the log provider's printed emails), keeping its errors. */
  quiet?: boolean;
}): Promise<FunctionProcess> {
  const log = logger("functions");
  const dir = join(functionsDir, options.name);
  const runtimeDir = await mkdtemp(join(tmpdir(), `bluewater-${options.name}-`));
  const socketPath = join(runtimeDir, "serve.sock");
  const pidFile = join(runtimeDir, "deno.pid");

  function spawnDeno(): ChildProcess {
    const args = [
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
    ];
    const child = spawn("sh", ["-c", tiedToStack, "sh", pidFile, denoBinary(), ...args], {
      env: { ...options.env, DENO_SERVE_ADDRESS: `unix:${socketPath}`, NO_COLOR: "1" },
      stdio: ["pipe", options.quiet ? "ignore" : "pipe", "pipe"],
    });
    pipeLines(child.stdout, "functions", "stdout");
    pipeLines(child.stderr, "functions", "stderr");
    return child;
  }

  /** Starts Deno and waits until it answers on its socket; throws if it exits or hangs. */
  async function startRun(): Promise<Run> {
    // A socket file left by a process that died would stop Deno.serve from listening.
    await rm(socketPath, { force: true });
    const child = spawnDeno();
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 60_000;
    while (!(await answers(socketPath))) {
      if (child.exitCode !== null || child.signalCode !== null) {
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
    const denoPid = Number((await readFile(pidFile, "utf8").catch(() => "")).trim()) || undefined;
    return { child, exited, startedAt: Date.now(), denoPid };
  }

  let current: Run | undefined = await startRun();
  let stopping = false;
  let failures = 0;
  let waiting: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;

  function restartAfter(delay: number): void {
    waiting = setTimeout(() => {
      waiting = undefined;
      starting = restart().finally(() => {
        starting = undefined;
      });
    }, delay);
  }

  function supervise(run: Run): void {
    run.exited.then(() => {
      // The shell's pipe is ours to close: its watcher then ends too.
      run.child.stdin?.end();
      if (stopping) return;
      current = undefined;
      if (Date.now() - run.startedAt >= healthyRunMs) failures = 0;
      const delay = restartDelaysMs[Math.min(failures, restartDelaysMs.length - 1)] ?? 1000;
      failures += 1;
      const how = howItEnded(run.child);
      log.error(`${options.name} exited (${how}); starting it again in ${delay / 1000} s`);
      restartAfter(delay);
    });
  }

  async function restart(): Promise<void> {
    if (stopping) return;
    try {
      const run = await startRun();
      if (stopping) {
        run.child.stdin?.end();
        return;
      }
      current = run;
      log.info(`${options.name} is running again`);
      supervise(run);
    } catch (error) {
      const delay = restartDelaysMs[Math.min(failures, restartDelaysMs.length - 1)] ?? 1000;
      failures += 1;
      const reason = error instanceof Error ? error.message : String(error);
      log.error(`${reason}; trying again in ${delay / 1000} s`);
      restartAfter(delay);
    }
  }

  supervise(current);
  return {
    name: options.name,
    socketPath,
    pid: () => current?.denoPid,
    async stop() {
      stopping = true;
      if (waiting) clearTimeout(waiting);
      await starting;
      const run = current;
      if (run && run.child.exitCode === null && run.child.signalCode === null) {
        run.child.stdin?.end();
        const timer = setTimeout(() => run.child.kill("SIGKILL"), 5000);
        await run.exited;
        clearTimeout(timer);
      }
      await rm(runtimeDir, { recursive: true, force: true });
    },
  };
}
