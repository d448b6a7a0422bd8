import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { measureNotificationLatency, notificationRows } from "./notificationLatency.ts";
import { stackRows } from "./report.ts";
import { benchLocalStack } from "./stackBench.ts";

/**
 * `pnpm bench:function`: the local stack's start time, cold and warm, and the function's
 * throughput (BENCH_TOTAL submissions, BENCH_CONCURRENCY at a time) on the embedded PostgreSQL,
 * alternating with the machine's server (TEST_DATABASE_URL, else 127.0.0.1:5432) as the
 * reference; then the time from the function's 200 to each provider call over BENCH_LEADS leads
 * (100). Results go to .bench/stack.json.
 */
const stack = await benchLocalStack({
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  load: {
    total: Number(process.env.BENCH_TOTAL ?? 300),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 25),
  },
  referenceUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  log: (line) => console.log(`[bench] ${line}`),
});
const notifications = await measureNotificationLatency({
  leads: Number(process.env.BENCH_LEADS ?? 100),
  log: (line) => console.log(`[bench] ${line}`),
});
const rows = [...stackRows(stack), ...notificationRows(notifications)];
for (const row of rows) {
  console.log(
    `${row.measure.padEnd(72)} ${row.value}  ${row.target ?? ""} ${row.met === false ? "MISSED" : ""}`,
  );
}
const out = fileURLToPath(new URL("../../../.bench/", import.meta.url));
await mkdir(out, { recursive: true });
await writeFile(`${out}stack.json`, `${JSON.stringify({ ...stack, notifications }, null, 2)}\n`);
if (rows.some((row) => row.met === false)) process.exitCode = 1;
