import { type Command, InvalidArgumentError, wholeNumber } from "@bluewater/cli";
import { businessHours } from "@bluewater/content/hours";
import { leadOutcomes as words } from "@bluewater/content/lead-outcomes";
import { applyOutcome } from "@bluewater/supabase/lead-outcomes";
import { lastDays, type RunQuery } from "@bluewater/supabase/owner-report";
import { revenueLines } from "@bluewater/supabase/owner-report-text";
import { sourceRevenue } from "@bluewater/supabase/source-revenue";
import { TZDate } from "@date-fns/tz";
import type { LeadsDatabase } from "./connect.ts";
import { writeCsv } from "./csv.ts";
import { conversionsCsv, outcomeFromArguments, sourcesCsv, wonClicks } from "./outcomeCommands.ts";

type WithLeads = (work: (database: LeadsDatabase) => Promise<void>) => Promise<void>;

const runOn =
  (database: LeadsDatabase): RunQuery =>
  (text, params) =>
    database.sql.unsafe(text, params);

/** A calendar day, `YYYY-MM-DD`, read as its midnight in the business's time zone. */
function day(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError("It must be a date like 2026-11-01.");
  }
  const [year = 0, month = 1, date = 1] = value.split("-").map(Number);
  return new Date(new TZDate(year, month - 1, date, businessHours.timeZone).getTime());
}

/** `outcome`, `sources` and `conversions`, on the program `pnpm leads` runs. */
export function outcomeCommands(program: Command, withLeads: WithLeads): void {
  program
    .command("outcome")
    .description(
      "mark what a lead became: inspected, quoted <dollars>, won <dollars>, lost <reason>, job-done",
    )
    .argument("<lead-id>", "the lead's id (pnpm leads shows it)")
    .argument("<step>", "inspected, quoted, won, lost or job-done")
    .argument("[value]", "the amount in dollars (quoted, won) or the reason (lost)")
    .option("--undo", "take the step's mark back (within 10 minutes of it)", false)
    .action(
      (leadId: string, step: string, value: string | undefined, { undo }: { undo: boolean }) =>
        withLeads(async (database) => {
          const request = outcomeFromArguments(step, value, undo);
          if (typeof request === "string") throw new Error(request);
          const answer = await applyOutcome(runOn(database), leadId, request, new Date());
          if (!answer) throw new Error(`no lead ${leadId}`);
          const marks = answer.marks.map((mark) =>
            words.markText(mark.step, mark.amountCents, mark.reason),
          );
          console.log(`${answer.result}: ${marks.join(", ") || "no steps marked"}`);
          if (answer.result !== "marked" && answer.result !== "undone") process.exitCode = 1;
        }),
    );

  program
    .command("sources")
    .description("what each source's leads became: called, inspected, won, revenue, close rate")
    .option("--days <n>", "leads of the last n days", wholeNumber(1), 90)
    .option("--csv", "as CSV", false)
    .option("--out <file>", "where to write the CSV")
    .action(({ days, csv, out }: { days: number; csv: boolean; out?: string }) =>
      withLeads(async (database) => {
        const rows = await sourceRevenue(runOn(database), lastDays(new Date(), days));
        if (csv || out) return await writeCsv(sourcesCsv(rows), out, "the sources");
        console.log(`${words.revenue.heading} (last ${days} days):\n`);
        console.log(revenueLines({ revenue: rows }).join("\n"));
      }),
    );

  program
    .command("conversions")
    .description("Google Ads' offline conversion import: won leads from an ad since a day")
    .requiredOption("--since <date>", "won on or after this day (YYYY-MM-DD)", day)
    .option(
      "--name <name>",
      "the conversion action's name in Google Ads",
      words.conversions.defaultName,
    )
    .option("--out <file>", "where to write the CSV")
    .action(({ since, name, out }: { since: Date; name: string; out?: string }) =>
      withLeads(async (database) => {
        const clicks = await wonClicks(runOn(database), since);
        const csv = conversionsCsv(clicks, { name, timeZone: businessHours.timeZone });
        await writeCsv(csv, out, `${clicks.length} conversions`);
      }),
    );
}
