import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DatabaseProcessMessage, DatabaseProcessOptions } from "./databaseProcess.ts";
import { logger } from "./log.ts";
import type { ServerLimits } from "./postgresConnection.ts";

const databaseProcessFile = fileURLToPath(new URL("./databaseProcess.ts", import.meta.url));

/** How the supervisor watches the database process; see docs/local-stack.md. */
export interface Watchdog {
  /** How often the process is asked for a heartbeat. */
  everyMs: number;
  /** A process that answers none for this long is killed and started again. */
  unansweredMs: number;
}

export const defaultWatchdog: Watchdog = { everyMs: 1000, unansweredMs: 5000 };

/** Starting PGlite on a data folder and checking its migrations takes a few seconds. */
const startTimeoutMs = 120_000;
/** Restarts in a row that fail before the database is ready, after which the supervisor gives up. */
const maxFailedStarts = 5;

export interface EmbeddedDatabase {
  host: string;
  port: number;
  url: string;
  /** How many times the watchdog or a crash has restarted the database process. */
  restarts(): number;
  stop(): Promise<void>;
}

function urlFor(host: string, port: number): string {
  return `postgres://postgres:postgres@${host}:${port}/postgres`;
}

/** Forks the database process and resolves with it once it is ready. */
function spawnDatabaseProcess(
  options: DatabaseProcessOptions,
): Promise<{ child: ChildProcess; port: number; applied: string[] }> {
  const child = fork(databaseProcessFile, [JSON.stringify(options)], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the database did not start within ${startTimeoutMs / 1000} s`));
    }, startTimeoutMs);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`the database process exited during start-up (${signal ?? code})`));
    };
    child.once("exit", onExit);
    child.on("message", function onReady(message: DatabaseProcessMessage) {
      if (message.type !== "ready") return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.off("message", onReady);
      resolve({ child, port: message.port, applied: message.applied });
    });
  });
}

/**
 * Runs the embedded database (PGlite behind the wire server, see databaseProcess.ts) in a child
 * process and keeps it running: a process that stops answering heartbeats — a statement PGlite
 * cannot interrupt, a fault in its engine — is killed and started again on the same port and data
 * folder, and so is one that exits on its own. `memory://` starts empty again after a restart.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  host: string;
  port: number;
  limits?: Partial<ServerLimits> | undefined;
  watchdog?: Partial<Watchdog> | undefined;
}): Promise<EmbeddedDatabase> {
  const log = logger("db");
  const watchdog = { ...defaultWatchdog, ...options.watchdog };
  const first = await spawnDatabaseProcess({
    dataDir: options.dataDir,
    host: options.host,
    port: options.port,
    limits: options.limits,
  });
  if (first.applied.length > 0) log.info(`applied migrations: ${first.applied.join(", ")}`);
  const port = first.port;
  let child = first.child;
  let lastAnswer = Date.now();
  let restarts = 0;
  let stopping = false;
  let starting: Promise<void> | undefined;

  const watch = (process: ChildProcess) => {
    lastAnswer = Date.now();
    process.on("message", (message: DatabaseProcessMessage) => {
      if (message.type === "pong") lastAnswer = Date.now();
    });
    process.once("exit", (code, signal) => {
      if (stopping) return;
      log.error(`the database process exited (${signal ?? code}): starting it again`);
      starting ??= restart().finally(() => {
        starting = undefined;
      });
    });
  };

  const restart = async () => {
    for (let failures = 0; !stopping; failures++) {
      try {
        const next = await spawnDatabaseProcess({
          dataDir: options.dataDir,
          host: options.host,
          port,
          limits: options.limits,
        });
        if (stopping) {
          next.child.kill("SIGTERM");
          return;
        }
        child = next.child;
        restarts += 1;
        watch(child);
        log.info(`the database is back on ${urlFor(options.host, port)}`);
        return;
      } catch (error) {
        if (failures + 1 >= maxFailedStarts) {
          log.error(`the database failed to start ${maxFailedStarts} times; giving up:`, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };

  watch(child);
  const heartbeat = setInterval(() => {
    if (starting || child.exitCode !== null || child.signalCode !== null) return;
    const silentMs = Date.now() - lastAnswer;
    if (silentMs > watchdog.unansweredMs) {
      log.error(
        `the database has not answered for ${Math.round(silentMs / 1000)} s: restarting it`,
      );
      child.kill("SIGKILL");
      return;
    }
    if (child.connected) child.send("ping");
  }, watchdog.everyMs);

  return {
    host: options.host,
    port,
    url: urlFor(options.host, port),
    restarts: () => restarts,
    async stop() {
      stopping = true;
      clearInterval(heartbeat);
      await starting;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
