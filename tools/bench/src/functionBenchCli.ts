import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { defineCommand, InvalidArgumentError, parseCommand, wholeNumber } from "@bluewater/cli";
import { measureNotificationLatency, notificationRows } from "./notificationLatency.ts";
import { benchRefusedCopies, refusedCopiesRows } from "./refusedCopies.ts";
import { formatTable, stackRows } from "./report.ts";
import { benchLocalStack } from "./stackBench.ts";
import { benchVisits, visitsRows } from "./visitsBench.ts";

/**
 * `pnpm bench:function`: the local stack's start time, cold and warm, and the function's
 * throughput on the embedded PostgreSQL, alternating with the machine's server (TEST_DATABASE_URL,
 * else 127.0.0.1:5432) as the reference; then the time from the function's 200 to each provider
 * call; the beacon route and the report; and the rows per table after 10,000 copies refused by the
 * rate limit. Results go to .bench/stack.json. `--only function,visits` runs those parts alone.
 */
const parts = ["start", "function", "notifications", "visits", "copies"] as const;
type Part = (typeof parts)[number];

function partList(value: string): Part[] {
  const named = value.split(",").map((part) => part.trim());
  const unknown = named.filter((part) => !parts.some((known) => known === part));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `Unknown part ${unknown.join(", ")}: one of ${parts.join(", ")}.`,
    );
  }
  return parts.filter((part) => named.includes(part));
}

const options = (
  await parseCommand(
    defineCommand(
      "pnpm bench:function",
      "The local stack's start time, the function's throughput, and the time to each provider call.",
    )
      // Five, not three: on a 2-core host one round's drift is as large as the texts' cost, and a
      // median of three follows it (docs/local-stack.md, "What one instance takes").
      .option("--rounds <n>", "start-time and throughput rounds", wholeNumber(1), 5)
      .option("--total <n>", "submissions per throughput round", wholeNumber(1), 300)
      .option("--concurrency <n>", "submissions at a time", wholeNumber(1), 25)
      .option("--leads <n>", "leads timed to their provider calls", wholeNumber(1), 100)
      .option("--only <parts>", `the parts to run, of ${parts.join(",")}`, partList, [...parts])
      .addHelpText("after", "\nThe reference server: TEST_DATABASE_URL, else 127.0.0.1:5432."),
  )
).opts<{ rounds: number; total: number; concurrency: number; leads: number; only: Part[] }>();
const runs = (part: Part) => options.only.includes(part);
const log = (line: string) => console.log(`[bench] ${line}`);
const stack = await benchLocalStack({
  startRounds: runs("start") ? options.rounds : 0,
  rounds: runs("function") ? options.rounds : 0,
  load: { total: options.total, concurrency: options.concurrency },
  referenceUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  log,
});
const notifications = runs("notifications")
  ? await measureNotificationLatency({ leads: options.leads, log })
  : undefined;
const visits = runs("visits")
  ? await benchVisits({
      rounds: options.rounds,
      beacons: 1000,
      concurrency: 25,
      reportVisits: 100_000,
      log,
    })
  : undefined;
const refusedCopies = runs("copies")
  ? await benchRefusedCopies({ copies: 10_000, concurrency: 25, log })
  : undefined;
const rows = [
  ...stackRows(stack),
  ...(notifications ? notificationRows(notifications) : []),
  ...(visits ? visitsRows(visits) : []),
  ...(refusedCopies ? refusedCopiesRows(refusedCopies) : []),
];
console.log(formatTable(rows));
const out = fileURLToPath(new URL("../../../.bench/", import.meta.url));
await mkdir(out, { recursive: true });
await writeFile(
  `${out}stack.json`,
  `${JSON.stringify({ ...stack, notifications, visits, refusedCopies }, null, 2)}\n`,
);
if (rows.some((row) => row.met === false)) process.exitCode = 1;
