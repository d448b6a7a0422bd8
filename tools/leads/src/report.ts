import { defineCommand, parseCommand, wholeNumber } from "@bluewater/cli";
import { businessHours } from "@bluewater/content/hours";
import { readEnvironment } from "@bluewater/stack/env";
import { lastDays, ownerReportFigures } from "@bluewater/supabase/owner-report";
import { ownerReportLines } from "@bluewater/supabase/owner-report-text";
import { openLeadsDatabase } from "./connect.ts";

/** Prints the report for the last `days` days, read from the leads' database. */
async function printReport({ days }: { days: number }): Promise<void> {
  // Two connections: the report's dozen queries are independent, and a year of visits takes a
  // few hundred milliseconds of them; two at a time halves the wait on a two-core server.
  const database = await openLeadsDatabase(readEnvironment(), 2);
  try {
    const report = await ownerReportFigures(
      (text, params) => database.sql.unsafe(text, params),
      lastDays(new Date(), days),
      businessHours.timeZone,
    );
    console.log(ownerReportLines(report).join("\n"));
  } finally {
    await database.close();
  }
}

/**
 * `pnpm report`: what the website brought in the last days and in the days before, the report
 * the owner is also emailed every Monday (docs/owner-tools.md, "What the site brings").
 */
await parseCommand(
  defineCommand("pnpm report", "What the website brought: visits, requests, calls, speed.")
    .option(
      "--days <n>",
      "the period, in days up to now, compared with the one before",
      wholeNumber(1),
      7,
    )
    .addHelpText("after", "\nReads DATABASE_URL when set, else the local stack's database.")
    .action(printReport),
);
