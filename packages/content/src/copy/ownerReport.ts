import { business } from "./business.ts";

/** What the review requests of a period came to. */
export interface ReviewCounts {
  requested: number;
  reminded: number;
  optedOut: number;
}

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The words of the owner's report on what the website brings (docs/owner-tools.md): printed by
 * `pnpm report` and emailed every Monday morning. The figures are put in by the renderer.
 */
export const ownerReport = {
  /** The weekly email's subject: "<prefix>: <visits> visits, <leads> requests". */
  subjectPrefix: `${business.name} website, last week`,
  subject: (visits: number, leads: number) =>
    `${visits} visit${visits === 1 ? "" : "s"}, ${leads} request${leads === 1 ? "" : "s"}`,
  /** "7 days to Sunday, November 29, compared with the 7 days before." */
  period: (days: number, lastDay: string) =>
    `${days} day${days === 1 ? "" : "s"} to ${lastDay}, compared with the ${days} before.`,
  headings: {
    visits: "Visits",
    leads: "Requests",
    funnel: "From visit to call",
    actions: "What visitors tapped",
    sources: "Where they came from",
    vitals: "How fast the page felt (75% of visits at least this fast)",
  },
  /** The funnel's steps, in order. */
  funnel: {
    visits: "Visits",
    acted: "Did something (tapped, scrolled, typed)",
    formFocused: "Started the form",
    sent: "Sent a request",
    called: "Requests marked as called",
  },
  actions: {
    phoneTapped: "Tapped the phone number",
    chatOpened: "Opened the help chat",
  },
  sources: { visits: "visits", leads: "requests", called: "called" },
  /** The sources past the report's top 10, summed in one row. */
  otherSources: (count: number) => `${count} other ${count === 1 ? "source" : "sources"}`,
  /** Before the previous period's figure: "12 (last time 9)". */
  before: "before",
  /** A step's share of the step above it. */
  ofAbove: "of the step above",
  /** The share of all requests the owner marked as called. */
  ofRequests: "of all requests",
  devices: { mobile: "Phones", desktop: "Computers" },
  vitals: {
    lcp: "Largest content shown",
    inp: "Answer to a tap or click",
    cls: "Layout shifts",
    noData: "no visits measured",
    lcpElement: "Largest content most often",
    inpTarget: "Slowest to answer",
  },
  /** Google's ratings of a 75th percentile (web.dev's thresholds). */
  ratings: { good: "good", needsImprovement: "needs improvement", poor: "poor" },
  /** Under the daily sparkline: what one bar is. */
  daily: "one bar a day",
  /** Review requests after finished jobs (docs/owner-tools.md, "Review requests"). */
  reviews: {
    heading: "Review requests",
    /** "3 requests sent, 1 reminder, 1 opted out of the reminder (before 2, 0, 0)". */
    line: (now: ReviewCounts, before: ReviewCounts) =>
      `${count(now.requested, "request")} sent, ${count(now.reminded, "reminder")}, ${now.optedOut} opted out of the reminder (before ${before.requested}, ${before.reminded}, ${before.optedOut})`,
    off: "No review requests are sent: the Google review link (GOOGLE_REVIEW_URL) is not set. Set it with pnpm go-live, and every finished job is asked for a review.",
  },
  /** The leads still open, each with a fresh link to mark what it became. */
  openLeads: {
    heading: (count: number) => `Open leads (${count}): mark what each became`,
    /** "Dana Homeowner, received Nov 20: <link>". */
    line: (name: string, received: string, link: string) =>
      `${name}, received ${received}: ${link}`,
    more: (count: number) => `and ${count} more: pnpm leads lists them all.`,
    noLink: "(no link: the site's address or CONTACT_LINK_SECRET is not set)",
  },
  privacy:
    "Counted on our own server: no cookies, no third-party scripts, nothing kept that names a visitor; visitors who ask browsers not to be tracked are not counted.",
} as const;
