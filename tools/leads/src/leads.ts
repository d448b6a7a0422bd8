import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { serviceOptionLabel } from "@bluewater/content/contact";
import { readEnvironment } from "@bluewater/stack/env";
import { openLeadsDatabase } from "./connect.ts";
import { csvLine } from "./csv.ts";
import {
  notificationQueue,
  recentLeads,
  responseSummary,
  retryFailedNotifications,
} from "./leadQueries.ts";
import { channelLabel, leadState } from "./leadState.ts";
import { leadLines, queueLines, summaryLine } from "./terminalRows.ts";

const usage = `pnpm leads [command] [options]

  list              recent leads, newest first, and how fast they were called (default)
  csv               every lead as CSV, to stdout or --out FILE
  queue             notifications not yet delivered (--all: delivered ones too)
  retry [LEAD_ID…]  put failed notifications back in the queue (all failed ones without ids)

  --limit N         how many rows (list, queue; default 20)
  --spam            include leads flagged as spam
  --out FILE        where csv writes
Reads DATABASE_URL when set, else the local stack's database.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: "string", default: "20" },
    spam: { type: "boolean", default: false },
    all: { type: "boolean", default: false },
    out: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
const [command = "list", ...ids] = positionals;
if (values.help || !["list", "csv", "queue", "retry"].includes(command)) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
const limit = Number(values.limit);

const database = await openLeadsDatabase(readEnvironment());
try {
  if (command === "list") {
    const leads = await recentLeads(database.sql, { limit, includeSpam: values.spam });
    console.log(`${leads.length} most recent leads from ${database.description}:\n`);
    for (const lead of leads) console.log(leadLines(lead).join("\n"));
    console.log(`\n${summaryLine(await responseSummary(database.sql, new Date()))}`);
  } else if (command === "csv") {
    const leads = await recentLeads(database.sql, { limit: 1_000_000, includeSpam: values.spam });
    const header = [
      "id",
      "created_at",
      "name",
      "email",
      "phone",
      "service",
      "service_label",
      "message",
      "state",
      "contacted_at",
      "seconds_to_contact",
      "escalated_at",
      "is_spam",
      "notifications",
    ];
    const body = leads.map((lead) =>
      csvLine([
        lead.id,
        lead.created_at,
        lead.name,
        lead.email,
        lead.phone,
        lead.service,
        serviceOptionLabel(lead.service),
        lead.message,
        leadState(lead),
        lead.contacted_at,
        lead.seconds_to_contact,
        lead.escalated_at,
        lead.is_spam,
        // One line per notification: where it went, its state, and why it failed.
        lead.notifications
          .map((notification) =>
            [
              `${channelLabel(notification)}: ${notification.status}`,
              notification.attempts > 1 ? ` after ${notification.attempts} tries` : "",
              notification.last_error && notification.status !== "delivered"
                ? `: ${notification.last_error}`
                : "",
            ].join(""),
          )
          .join("\n"),
      ]),
    );
    const csv = csvLine(header) + body.join("");
    if (values.out) {
      await writeFile(values.out, csv);
      console.error(`wrote ${leads.length} leads to ${values.out}`);
    } else process.stdout.write(csv);
  } else if (command === "queue") {
    const rows = await notificationQueue(database.sql, { includeDelivered: values.all, limit });
    console.log(
      `${rows.length} notifications${values.all ? "" : " not yet delivered"} (${database.description}):\n`,
    );
    for (const row of rows) console.log(queueLines(row).join("\n"));
  } else {
    const count = await retryFailedNotifications(database.sql, ids);
    console.log(
      `${count} failed notification${count === 1 ? "" : "s"} queued again; the deliverer sends them on its next run.`,
    );
  }
} finally {
  await database.close();
}
