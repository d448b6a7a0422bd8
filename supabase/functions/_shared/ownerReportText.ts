/**
 * The owner's report as plain text: what `pnpm report` prints and the weekly email's text part.
 * Every figure sits beside the period before's, daily trends are sparklines (block characters
 * that survive any mail client and terminal), and text that came from a visitor's browser (a
 * campaign tag, a CSS selector) is shown with its hidden characters as codes and no link in it.
 */
import { leadOutcomes } from "@bluewater/content/lead-outcomes";
import { ownerReport as words } from "@bluewater/content/owner-report";
import { showHidden, visitorLabel } from "./leadText.ts";
import type { Device, DeviceVitals, OwnerReport, PeriodFigures } from "./ownerReport.ts";

export type Rating = keyof typeof words.ratings;

/**
 * Google's thresholds for a 75th percentile (web.dev, "Core Web Vitals"): good up to the first,
 * poor above the second.
 */
export const vitalThresholds = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
} as const;

export function rating(vital: keyof typeof vitalThresholds, value: number): Rating {
  const [good, poor] = vitalThresholds[vital];
  return value <= good ? "good" : value <= poor ? "needsImprovement" : "poor";
}

const bars = "▁▂▃▄▅▆▇█";

/** One block a value, scaled to the largest: ▁ for none. */
export function sparkline(values: readonly number[]): string {
  const most = Math.max(0, ...values);
  return values
    .map((value) =>
      value <= 0 || most === 0 ? bars[0] : bars[Math.max(1, Math.ceil((value / most) * 7))],
    )
    .join("");
}

/** "64%": a step's share of the one above (which had some). */
export function share(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}%`;
}

function lastDay(report: OwnerReport): string {
  const day = new Date(report.current.to.getTime() - 1);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: report.timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(day);
}

export function periodLine(report: OwnerReport): string {
  const days = report.current.daily.length;
  return words.period(days, lastDay(report));
}

const pad = (text: string, width: number) =>
  text + " ".repeat(Math.max(0, width - [...text].length));
const right = (text: string, width: number) => " ".repeat(Math.max(0, width - text.length)) + text;

/** A vital's 75th percentile as the owner reads it: "1.2 s good", "80 ms good", "0.02 good". */
export function vitalText(vital: keyof typeof vitalThresholds, vitals: DeviceVitals): string {
  const value = vitals[vital];
  if (value === null) return words.vitals.noData;
  const shown =
    vital === "cls"
      ? value.toFixed(2)
      : value >= 1000
        ? `${(value / 1000).toFixed(1)} s`
        : `${Math.round(value)} ms`;
  return `${shown} ${words.ratings[rating(vital, value)]}`;
}

/** One row of a table of the report: a label, then its cells. */
export type ReportRow = [label: string, ...cells: string[]];

/**
 * Visit to call: the first four steps are measured visits; the last is the requests the owner
 * marked as called, out of every real request stored (some come from pages without JavaScript,
 * which send no beacon). Each row: the step, its figure, its share, the period before's figure.
 */
export function funnelRows(now: PeriodFigures, before: PeriodFigures): ReportRow[] {
  const steps = ["visits", "acted", "formFocused", "sent"] as const;
  const rows = steps.map((step, index): ReportRow => {
    const above = steps[index - 1];
    const part = above && now[above] > 0 ? `${share(now[step], now[above])} ${words.ofAbove}` : "";
    return [words.funnel[step], String(now[step]), part, `${words.before} ${before[step]}`];
  });
  const calledPart = now.leads > 0 ? `${share(now.called, now.leads)} ${words.ofRequests}` : "";
  return [
    ...rows,
    [words.funnel.called, String(now.called), calledPart, `${words.before} ${before.called}`],
  ];
}

export function actionRows(now: PeriodFigures, before: PeriodFigures): ReportRow[] {
  return (["phoneTapped", "chatOpened"] as const).map((action) => [
    words.actions[action],
    String(now[action]),
    `${words.before} ${before[action]}`,
  ]);
}

/** By source: visits, requests, called; a tag as given, shown as `visitorLabel` shows it. */
export function sourceRows(now: PeriodFigures): ReportRow[] {
  return now.sources.map(([label, figures]) => [
    visitorLabel(label),
    String(figures.visits),
    String(figures.leads),
    String(figures.called),
  ]);
}

const revenueWords = leadOutcomes.revenue;

/** The revenue table's header row. */
export const revenueHeader: ReportRow = ["", ...Object.values(revenueWords.columns)];

/** By source: requests, called, inspected, won, revenue, close rate, median days to won. */
export function revenueRows(now: Pick<PeriodFigures, "revenue">): ReportRow[] {
  return now.revenue.map(([label, figures]) => [
    visitorLabel(label),
    String(figures.leads),
    String(figures.called),
    String(figures.inspected),
    String(figures.won),
    leadOutcomes.dollars(figures.revenueCents),
    figures.closeRate === null ? revenueWords.none : `${Math.round(figures.closeRate * 100)}%`,
    figures.medianDaysToWon === null ? revenueWords.none : figures.medianDaysToWon.toFixed(1),
  ]);
}

const devices: Device[] = ["mobile", "desktop"];

/** Each vital's 75th percentile on phones and on computers, rated. */
export function vitalRows(now: PeriodFigures): ReportRow[] {
  return (["lcp", "inp", "cls"] as const).map((vital) => [
    words.vitals[vital],
    ...devices.map((device) => vitalText(vital, now.vitals[device])),
  ]);
}

/** What to look at first: the usual largest element, and the slowest interaction's target. */
export function culpritLines(now: PeriodFigures): string[] {
  return [
    ...(now.lcpElement ? [`${words.vitals.lcpElement}: ${visitorLabel(now.lcpElement)}`] : []),
    ...(now.inpTarget ? [`${words.vitals.inpTarget}: ${visitorLabel(now.inpTarget)}`] : []),
  ];
}

/** The review requests' line: their counts, or why none is sent. */
export function reviewLine(report: OwnerReport): string {
  const { reviews } = words;
  return report.reviewsOff
    ? reviews.off
    : reviews.line(report.current.reviews, report.previous.reviews);
}

/** The open leads, each with its fresh link (the Monday email's only), as text lines. */
export function openLeadLines(report: OwnerReport): string[] {
  const open = report.openLeads;
  if (!open || open.total === 0) return [];
  const { openLeads } = words;
  return [
    "",
    openLeads.heading(open.total),
    ...open.leads.map(
      (lead) =>
        `  ${openLeads.line(showHidden(lead.name), lead.received, lead.link ?? openLeads.noLink)}`,
    ),
    ...(open.total > open.leads.length
      ? [`  ${openLeads.more(open.total - open.leads.length)}`]
      : []),
  ];
}

/** A table as text: the first column padded to `width`, then the cells right- or left-aligned. */
function textTable(rows: readonly ReportRow[], widths: readonly number[]): string[] {
  return rows.map(([label, ...cells]) => {
    const columns = cells.map((cell, index) => {
      const width = widths[index + 1] ?? 0;
      return width < 0 ? pad(cell, -width) : right(cell, width);
    });
    return `  ${pad(label, widths[0] ?? 0)}${columns.join("")}`.trimEnd();
  });
}

/** The revenue table as text, as the report and `pnpm leads sources` print it. */
export function revenueLines(now: Pick<PeriodFigures, "revenue">): string[] {
  return textTable([revenueHeader, ...revenueRows(now)], [22, 10, 8, 11, 5, 12, 12, 13]);
}

/** The whole report, line by line. */
export function ownerReportLines(report: OwnerReport): string[] {
  const { current: now, previous: before } = report;
  const daily = (pick: "visits" | "leads") => sparkline(now.daily.map((day) => day[pick]));
  const headline = (label: string, pick: "visits" | "leads") =>
    `${pad(label, 20)}${right(String(now[pick]), 6)} (${words.before} ${before[pick]})  ${daily(pick)}`;
  const { sources } = words;
  return [
    periodLine(report),
    "",
    `${headline(words.headings.visits, "visits")}  ${words.daily}`,
    headline(words.headings.leads, "leads"),
    "",
    words.headings.funnel,
    ...textTable(
      funnelRows(now, before).map(([label, figure = "", part = "", earlier = ""]) => [
        label,
        figure,
        `    ${pad(part, 24)}`,
        `(${earlier})`,
      ]),
      [42, 6, -28, -12],
    ),
    "",
    words.headings.actions,
    ...textTable(
      actionRows(now, before).map(([label, figure = "", earlier = ""]) => [
        label,
        figure,
        ` (${earlier})`,
      ]),
      [30, 6, -14],
    ),
    "",
    words.headings.sources,
    ...textTable(
      [["", sources.visits, sources.leads, sources.called], ...sourceRows(now)],
      [30, 8, 10, 8],
    ),
    "",
    revenueWords.heading,
    ...revenueLines(now),
    "",
    words.reviews.heading,
    `  ${reviewLine(report)}`,
    ...openLeadLines(report),
    "",
    words.headings.vitals,
    ...textTable(
      [["", ...devices.map((device) => words.devices[device])], ...vitalRows(now)],
      [28, -28, -28],
    ),
    ...culpritLines(now).map((line) => `  ${line}`),
    "",
    words.privacy,
  ];
}
