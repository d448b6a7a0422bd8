import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  benchEmbeddedStack,
  benchPostgresStack,
  type FunctionBenchResult,
} from "./functionBench.ts";

/**
 * `pnpm bench:function`: 300 valid submissions at 25 concurrent against the embedded stack and
 * against the Postgres server (TEST_DATABASE_URL, else the local server on :5432; skipped when it
 * cannot be reached). Results go to .bench/function.json.
 */
const total = Number(process.env.BENCH_TOTAL ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 25);
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const results: FunctionBenchResult[] = [await benchEmbeddedStack(total, concurrency)];
try {
  results.push(await benchPostgresStack(serverUrl, total, concurrency));
} catch (error) {
  console.error(`Postgres server bench skipped: ${String(error)}`);
}

console.log(`\n${total} valid submissions, ${concurrency} concurrent:\n`);
console.log("target                            req/s    p50 ms   p99 ms   200s  stored once");
for (const r of results) {
  console.log(
    `${r.label.padEnd(32)} ${String(r.requestsPerSecond).padStart(6)} ${String(r.p50Ms).padStart(9)} ${String(r.p99Ms).padStart(8)} ${String(r.ok).padStart(6)}  ${r.storedExactlyOnce ? "yes" : "NO"}`,
  );
}
const out = fileURLToPath(new URL("../../.bench/", import.meta.url));
await mkdir(out, { recursive: true });
await writeFile(`${out}function.json`, `${JSON.stringify(results, null, 2)}\n`);
if (results.some((r) => !r.storedExactlyOnce || r.ok !== r.total)) process.exitCode = 1;
