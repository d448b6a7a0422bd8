import { leadOutcomes } from "@bluewater/content/lead-outcomes";
import { ownerReport as words } from "@bluewater/content/owner-report";
import { escapeAttribute, escapeText } from "entities/escape";
import { showHidden } from "../../../_shared/leadText.ts";
import type { OwnerReport } from "../../../_shared/ownerReport.ts";
import {
  actionRows,
  culpritLines,
  funnelRows,
  ownerReportLines,
  periodLine,
  type ReportRow,
  revenueHeader,
  revenueRows,
  reviewLine,
  sourceRows,
  sparkline,
  vitalRows,
} from "../../../_shared/ownerReportText.ts";
import { type EmailMessage, emailHtml } from "./emailMessage.ts";

// Inline styles only, which every mail client keeps; tables that fit a phone's width.
const bodyStyle = "margin:0;padding:16px;font-family:system-ui,sans-serif;color:#0f172a";
const tableStyle = "width:100%;max-width:640px;border-collapse:collapse;margin:0 0 20px";
const cellStyle = "padding:4px 8px 4px 0;text-align:left;vertical-align:top;font-weight:normal";
// Figures wrap between words ("65% of the step above"), never inside a number nor before one.
const figureStyle = "padding:4px 0 4px 8px;text-align:right;vertical-align:top";
const keepWithNumber = (html: string) => html.replace(/ (?=[\d$])/g, "&nbsp;");
const headingStyle = "font-size:16px;margin:20px 0 8px";
const sparkStyle = "font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:1px";

/**
 * A label escaped, with a place to break every 10 characters of a run of 20 or more without a
 * space: a source is named by a visitor's campaign tag, up to 100 such characters, which would
 * widen the email past a phone's screen. Words shorter than that are left whole. Not the lead
 * email's `overflow-wrap: anywhere` (emailMessage.ts): its tables have fixed column widths, these
 * size each column to its content, and there `anywhere` lowers every cell's smallest width, so
 * the browser broke ordinary words too ("somethin|g" at 375 px).
 */
const breakable = (label: string) =>
  label
    .split(/(\S{20,})/u)
    .map((part, index) =>
      index % 2 === 1
        ? (part.match(/.{1,10}/gu) ?? []).map((piece) => escapeText(piece)).join("<wbr>")
        : escapeText(part),
    )
    .join("");

/** A table of the report's rows: the label as a row heading, figures beside it. */
function table(rows: readonly ReportRow[], header?: ReportRow): string {
  const line = ([label, ...cells]: ReportRow, cell: "th" | "td") =>
    `<tr><th scope="row" style="${cellStyle}">${breakable(label)}</th>${cells
      .map(
        (text) => `<${cell} style="${figureStyle}">${keepWithNumber(escapeText(text))}</${cell}>`,
      )
      .join("")}</tr>`;
  return [
    `<table role="presentation" style="${tableStyle}">`,
    ...(header ? [line(header, "th")] : []),
    ...rows.map((row) => line(row, "td")),
    "</table>",
  ].join("");
}

/**
 * What each source's requests became, one source to a block: its revenue beside its name, then
 * every other figure named on the line below. A source's eight figures read so on a phone, where
 * a table of eight columns needed 825 px.
 */
function revenueBlocks(rows: readonly ReportRow[]): string {
  const [, ...columns] = revenueHeader;
  const revenueAt = columns.indexOf(leadOutcomes.revenue.columns.revenue);
  return rows
    .map(([label, ...figures]) => {
      const named = figures
        .map((figure, index) => ({ column: columns[index] ?? "", figure }))
        .filter((_, index) => index !== revenueAt)
        .map(
          ({ column, figure }) =>
            `<span style="white-space:nowrap">${escapeText(column)} <strong>${escapeText(figure)}</strong></span>`,
        )
        .join("&nbsp;· ");
      return `<p style="margin:12px 0 2px"><strong>${breakable(label)}</strong>: ${escapeText(figures[revenueAt] ?? "")}</p><p style="margin:0;color:#475569">${named}</p>`;
    })
    .join("");
}

const section = (heading: string, body: string) =>
  `<h2 style="${headingStyle}">${escapeText(heading)}</h2>${body}`;

/** The open leads, each linked to the owner's page with a fresh link; nothing when none is open. */
function openLeadsHtml(report: OwnerReport): string {
  const open = report.openLeads;
  if (!open || open.total === 0) return "";
  const { openLeads } = words;
  const items = open.leads.map((lead) => {
    const name = escapeText(showHidden(lead.name));
    const shown = lead.link
      ? `<a href="${escapeAttribute(lead.link)}">${name}</a>`
      : `${name} ${escapeText(openLeads.noLink)}`;
    return `<li>${shown}, ${escapeText(lead.received)}</li>`;
  });
  const more =
    open.total > open.leads.length
      ? `<p>${escapeText(openLeads.more(open.total - open.leads.length))}</p>`
      : "";
  return section(openLeads.heading(open.total), `<ul>${items.join("")}</ul>${more}`);
}

/**
 * The owner's weekly email: the report's text part is what `pnpm report` prints; the HTML part
 * shows the same figures as small tables, with the daily trends as sparklines (text, so no mail
 * client blocks them as images). Everything that came from a visitor's browser is escaped.
 */
export function renderOwnerReportEmail(
  report: OwnerReport,
  mailbox: { from: string; to: string },
): EmailMessage {
  const { current: now, previous: before } = report;
  const trend = (pick: "visits" | "leads") =>
    `<span style="${sparkStyle}">${sparkline(now.daily.map((day) => day[pick]))}</span>`;
  const headline = (label: string, pick: "visits" | "leads") =>
    `<p style="margin:4px 0;font-size:18px">${escapeText(label)}: <strong>${now[pick]}</strong> <span style="color:#475569">(${escapeText(words.before)} ${before[pick]})</span> ${trend(pick)}</p>`;
  const { sources, devices } = words;
  const html = emailHtml(bodyStyle, [
    `<p>${escapeText(periodLine(report))}</p>`,
    headline(words.headings.visits, "visits"),
    headline(words.headings.leads, "leads"),
    `<p style="color:#475569;font-size:13px">${escapeText(words.daily)}</p>`,
    section(words.headings.funnel, table(funnelRows(now, before))),
    section(words.headings.actions, table(actionRows(now, before))),
    section(
      words.headings.sources,
      table(sourceRows(now), ["", sources.visits, sources.leads, sources.called]),
    ),
    section(leadOutcomes.revenue.heading, revenueBlocks(revenueRows(now))),
    section(words.reviews.heading, `<p>${escapeText(reviewLine(report))}</p>`),
    openLeadsHtml(report),
    section(
      words.headings.vitals,
      table(vitalRows(now), ["", devices.mobile, devices.desktop]) +
        culpritLines(now)
          .map((line) => `<p style="margin:4px 0">${escapeText(line)}</p>`)
          .join(""),
    ),
    `<p style="color:#475569;font-size:13px">${escapeText(words.privacy)}</p>`,
  ]);
  return {
    from: mailbox.from,
    to: mailbox.to,
    replyTo: undefined,
    subject: `${words.subjectPrefix}: ${words.subject(now.visits, now.leads)}`,
    text: ownerReportLines(report).join("\n"),
    html,
  };
}
