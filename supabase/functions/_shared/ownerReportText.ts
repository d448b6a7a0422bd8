/**
 * The owner's report as plain text: what `pnpm report` prints and the weekly email's text part.
 * Every figure sits beside the period before's, daily trends are sparklines (block characters
 * that survive any mail client and terminal), and text that came from a visitor's browser (a
 * campaign tag, a CSS selector) is shown with its hidden characters as codes.
 */
import { ownerReport as words } from "@bluewater/content/owner-report";
import { showHidden } from "./leadText.ts";
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

/** "64%" of the step above, or "—" when the step above had none. */
export function share(part: number, whole: number): string {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`;
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

/**
 * Visit to call: the first four steps are measured visits; the last is the requests the owner
 * marked as called, out of every real request stored (some come from pages without JavaScript,
 * which send no beacon).
 */
function funnelLines(now: PeriodFigures, before: PeriodFigures): string[] {
  const line = (label: string, figure: number, part: string, earlier: number) =>
    `  ${pad(label, 42)}${right(String(figure), 6)}  ${pad(part, 26)}(${words.before} ${earlier})`;
  const steps = ["visits", "acted", "formFocused", "sent"] as const;
  return [
    ...steps.map((step, index) => {
      const above = steps[index - 1];
      const part = above ? `${right(share(now[step], now[above]), 5)} ${words.ofAbove}` : "";
      return line(words.funnel[step], now[step], part, before[step]);
    }),
    line(
      words.funnel.called,
      now.called,
      `${right(share(now.called, now.leads), 5)} ${words.ofRequests}`,
      before.called,
    ),
  ];
}

function sourceLines(now: PeriodFigures): string[] {
  const { sources } = words;
  const header = `  ${pad("", 30)}${right(sources.visits, 8)}${right(sources.leads, 10)}${right(sources.called, 8)}`;
  return [
    header,
    ...now.sources.map(
      ([label, figures]) =>
        `  ${pad(showHidden(label).slice(0, 30), 30)}${right(String(figures.visits), 8)}${right(String(figures.leads), 10)}${right(String(figures.called), 8)}`,
    ),
  ];
}

function vitalLines(now: PeriodFigures): string[] {
  const devices: Device[] = ["mobile", "desktop"];
  const lines = [
    `  ${pad("", 28)}${devices.map((device) => pad(words.devices[device], 28)).join("")}`,
  ];
  for (const vital of ["lcp", "inp", "cls"] as const) {
    const cells = devices.map((device) => pad(vitalText(vital, now.vitals[device]), 28));
    lines.push(`  ${pad(words.vitals[vital], 28)}${cells.join("")}`.trimEnd());
  }
  if (now.lcpElement) lines.push(`  ${words.vitals.lcpElement}: ${showHidden(now.lcpElement)}`);
  if (now.inpTarget) lines.push(`  ${words.vitals.inpTarget}: ${showHidden(now.inpTarget)}`);
  return lines;
}

/** The whole report, line by line. */
export function ownerReportLines(report: OwnerReport): string[] {
  const { current: now, previous: before } = report;
  const daily = (pick: "visits" | "leads") => sparkline(now.daily.map((day) => day[pick]));
  return [
    periodLine(report),
    "",
    `${pad(words.headings.visits, 20)}${right(String(now.visits), 6)} (${words.before} ${before.visits})  ${daily("visits")}  ${words.daily}`,
    `${pad(words.headings.leads, 20)}${right(String(now.leads), 6)} (${words.before} ${before.leads})  ${daily("leads")}`,
    "",
    words.headings.funnel,
    ...funnelLines(now, before),
    "",
    words.headings.actions,
    `  ${pad(words.actions.phoneTapped, 30)}${right(String(now.phoneTapped), 6)} (${words.before} ${before.phoneTapped})`,
    `  ${pad(words.actions.chatOpened, 30)}${right(String(now.chatOpened), 6)} (${words.before} ${before.chatOpened})`,
    "",
    words.headings.sources,
    ...sourceLines(now),
    "",
    words.headings.vitals,
    ...vitalLines(now),
    "",
    words.privacy,
  ];
}
