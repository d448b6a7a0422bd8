import { defineCommand, parseCommand, wholeNumber } from "@bluewater/cli";
import { readEnvironment } from "@bluewater/stack/env";
import { openLeadsDatabase } from "./connect.ts";
import { leadsCsv, writeCsv } from "./csv.ts";
import {
  notificationQueue,
  recentLeads,
  responseSummary,
  retryFailedNotifications,
} from "./leadQueries.ts";
import { outcomeCommands } from "./outcomeCli.ts";
import { leadLines, queueLines, summaryLine } from "./terminalRows.ts";

/** Runs `work` on the leads' database, and closes it however the work ends. */
async function withLeads(
  work: (database: Awaited<ReturnType<typeof openLeadsDatabase>>) => Promise<void>,
): Promise<void> {
  const database = await openLeadsDatabase(readEnvironment());
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

const program = defineCommand(
  "pnpm leads",
  "The owner's leads, from the local stack or DATABASE_URL.",
).addHelpText("after", "\nReads DATABASE_URL when set, else the local stack's database.");

program
  .command("list", { isDefault: true })
  .description("recent leads, newest first, and how fast they were called (the default)")
  .option("--limit <n>", "how many leads", wholeNumber(1), 20)
  .option("--spam", "include leads flagged as spam", false)
  .action(({ limit, spam }: { limit: number; spam: boolean }) =>
    withLeads(async (database) => {
      const leads = await recentLeads(database.sql, { limit, includeSpam: spam });
      console.log(`${leads.length} most recent leads from ${database.description}:\n`);
      for (const lead of leads) console.log(leadLines(lead).join("\n"));
      console.log(`\n${summaryLine(await responseSummary(database.sql, new Date()))}`);
    }),
  );

program
  .command("csv")
  .description("every lead as CSV, to stdout or --out FILE")
  .option("--out <file>", "where to write")
  .option("--spam", "include leads flagged as spam", false)
  .action(({ out, spam }: { out?: string; spam: boolean }) =>
    withLeads(async (database) => {
      const leads = await recentLeads(database.sql, { limit: 1_000_000, includeSpam: spam });
      await writeCsv(leadsCsv(leads), out, `${leads.length} leads`);
    }),
  );

program
  .command("queue")
  .description("notifications not yet delivered")
  .option("--all", "delivered ones too", false)
  .option("--limit <n>", "how many notifications", wholeNumber(1), 20)
  .action(({ all, limit }: { all: boolean; limit: number }) =>
    withLeads(async (database) => {
      const rows = await notificationQueue(database.sql, { includeDelivered: all, limit });
      const which = all ? "" : " not yet delivered";
      console.log(`${rows.length} notifications${which} (${database.description}):\n`);
      for (const row of rows) console.log(queueLines(row).join("\n"));
    }),
  );

program
  .command("retry")
  .description("put failed notifications back in the queue (every failed one without ids)")
  .argument("[lead-ids...]", "only these leads' notifications")
  .action((ids: string[]) =>
    withLeads(async (database) => {
      const count = await retryFailedNotifications(database.sql, ids);
      const noun = `failed notification${count === 1 ? "" : "s"}`;
      console.log(`${count} ${noun} queued again; the deliverer sends them on its next run.`);
    }),
  );

outcomeCommands(program, withLeads);

await parseCommand(program);
