import { rm } from "node:fs/promises";
import { join } from "node:path";
import { startPostgres, temporaryServerFolder } from "@bluewater/postgres";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { startLocalStack } from "@bluewater/stack";
import { siteDistDir } from "@bluewater/stack/paths";
import { measureBenchmarkIndex } from "./calibration.ts";
import { benchFunctionOn, type FunctionBenchResult } from "./functionBench.ts";
import { type Spread, spread } from "./lighthouse.ts";

/** The function's targets, as the rows name them (report.ts finds each by its label). */
export const embeddedLabel = "embedded PostgreSQL 17";
export const textsOffLabel = "embedded PostgreSQL 17, owner texts off (NOTIFY_SMS_TO unset)";
export const referenceLabel = "the machine's PostgreSQL server";

export interface StackBench {
  /** `pnpm start`'s stack from nothing to ready, in ms: on a new data folder (initdb) and again. */
  start: { cold: Spread; warm: Spread };
  /**
   * The function through the local gateway on the embedded PostgreSQL, texts on and off, and on
   * the machine's server when there is one.
   */
  functions: Array<{ label: string; rounds: FunctionBenchResult[] }>;
  /** Lighthouse's benchmark index of this host before and after the function's rounds. */
  hostIndex: { before: number; after: number } | undefined;
}

async function withFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await temporaryServerFolder("bluewater-bench");
  try {
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Starts the stack as `pnpm start` does (after the build), on free ports, and stops it. */
async function timeStart(dataDir: string, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  const stack = await startLocalStack({
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    host: "127.0.0.1",
    database: { dataDir, port: 0 },
    gatewayPort: 0,
    site: { port: 0, distDir: siteDistDir },
    dataDir: join(dataDir, ".."),
    delivererEverySeconds: 0,
    quietFunction: true,
  });
  const ms = performance.now() - started;
  await stack.stop();
  log(`stack ready in ${Math.round(ms)} ms`);
  return Math.round(ms);
}

/** Whether a PostgreSQL server answers at `url`. */
async function answers(url: string): Promise<boolean> {
  const sql = connect(url, { connectTimeoutSeconds: 3 });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end();
  }
}

/**
 * The local stack's start time (`rounds` cold starts, each followed by a warm one) and the
 * function's throughput, `rounds` times on the embedded PostgreSQL (fsync on, as `pnpm start`
 * runs it) with the owner's texts on and off, alternating with the machine's own server at
 * `referenceUrl` when it answers, each round in a turned order and each run on a new database.
 */
export async function benchLocalStack(options: {
  /** Cold and warm starts; 0 skips them. */
  startRounds: number;
  /** Throughput rounds; 0 skips them. */
  rounds: number;
  load: { total: number; concurrency: number };
  referenceUrl: string;
  log: (line: string) => void;
}): Promise<StackBench> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < options.startRounds; round++) {
    await withFolder(async (folder) => {
      const dataDir = join(folder, "postgres");
      cold.push(await timeStart(dataDir, options.log));
      warm.push(await timeStart(dataDir, options.log));
    });
  }

  const start = { cold: spread(cold), warm: spread(warm) };
  if (options.rounds === 0) return { start, functions: [], hostIndex: undefined };
  const before = await measureBenchmarkIndex(options.log);
  const reference = (await answers(options.referenceUrl)) ? options.referenceUrl : undefined;
  if (!reference) options.log(`no PostgreSQL server at ${options.referenceUrl}: no reference`);
  const functions = await withEmbeddedServer(async (embeddedUrl) => {
    const targets = [
      { label: embeddedLabel, url: embeddedUrl, ownerTexts: true },
      { label: textsOffLabel, url: embeddedUrl, ownerTexts: false },
      ...(reference ? [{ label: referenceLabel, url: reference, ownerTexts: true }] : []),
    ].map((target) => ({ ...target, rounds: [] as FunctionBenchResult[] }));
    for (let round = 0; round < options.rounds; round++) {
      // Each round starts with the next target: run first, a target would always meet the
      // server's state after the same neighbour (its checkpoint, its dropped database), and a
      // bias of the order would read as the cost of the owner's texts.
      const first = round % targets.length;
      for (const target of [...targets.slice(first), ...targets.slice(0, first)]) {
        const database = await createTestDatabase({ TEST_DATABASE_URL: target.url });
        try {
          const result = await benchFunctionOn(
            target.label,
            database.url,
            options.load,
            target.ownerTexts,
          );
          options.log(
            `${target.label}: ${result.requestsPerSecond} leads/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
          );
          target.rounds.push(result);
        } finally {
          await database.drop();
        }
      }
    }
    return targets.map(({ label, rounds }) => ({ label, rounds }));
  });
  return {
    start,
    functions,
    hostIndex: { before, after: await measureBenchmarkIndex(options.log) },
  };
}

/** An embedded PostgreSQL server as `pnpm start` runs it (fsync on), for as long as `use` runs. */
export function withEmbeddedServer<T>(use: (serverUrl: string) => Promise<T>): Promise<T> {
  return withFolder(async (folder) => {
    const server = await startPostgres({ dataDir: join(folder, "postgres"), port: 0 });
    try {
      return await use(server.url);
    } finally {
      await server.stop();
    }
  });
}
