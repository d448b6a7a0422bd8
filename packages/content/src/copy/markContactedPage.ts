import { business } from "./business.ts";
import { ownerEmail } from "./ownerEmail.ts";
import { site } from "./site.ts";

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** "less than a minute", "14 minutes", "2 hours 5 minutes", "3 days 4 hours". */
function durationInWords(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${plural(hours, "hour")} ${plural(rest, "minute")}` : plural(hours, "hour");
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${plural(days, "day")} ${plural(rest, "hour")}` : plural(days, "day");
}

/**
 * The owner's page on the site that each alert links to, which marks a lead as called
 * (docs/owner-tools.md): opening it shows the lead and a button, only the button changes anything.
 */
export const markContactedPage = {
  lang: site.lang,
  title: `Mark a lead as called | ${business.name}`,
  businessName: business.name,
  /** While the page asks for the lead. */
  loading: "Opening the lead…",
  /** Without JavaScript the page cannot read the link, which only the browser sees. */
  noScript: {
    heading: "This page needs JavaScript",
    detail:
      "It reads the lead from the link, which never leaves your browser. Nothing changed. The alert itself holds the lead's name, number and message; to mark it as called, open the link in your phone's usual browser with JavaScript on.",
  },
  heading: "Did you call this lead?",
  intro:
    "Once you have called them (or left a message), mark the request as called: it will not be escalated, and your time to answer is recorded.",
  labels: ownerEmail.labels,
  noService: ownerEmail.noService,
  noMessage: ownerEmail.noMessage,
  submit: "Mark as called",
  /** The `error` of the function's 405 for another method (no page shows it). */
  wrongMethod: "Ask for the lead with GET, and mark it as called with POST.",
  /** While the button's request is on its way. */
  submitting: "Marking…",
  /** Each outcome: a heading and a sentence. */
  marked: {
    heading: "Marked as called",
    detail: (afterSeconds: number) =>
      `Thank you. You answered ${durationInWords(afterSeconds)} after the request came in.`,
  },
  alreadyMarked: {
    heading: "Already marked as called",
    detail: (when: string, afterSeconds: number) =>
      `This lead was marked as called on ${when}, ${durationInWords(afterSeconds)} after the request came in. Nothing changed.`,
  },
  expired: {
    heading: "This link has expired",
    detail: (days: number) =>
      `Links to mark a lead as called work for ${plural(days, "day")}. Nothing changed. A newer alert about this lead carries a new link.`,
  },
  invalid: {
    heading: "This link is not valid for this lead",
    detail:
      "It was changed on the way, or it belongs to another lead. Nothing changed. Use the link in the alert about this lead.",
  },
  incomplete: {
    heading: "This link is incomplete",
    detail:
      "Part of it is missing, perhaps cut by the app that showed it. Nothing changed. Open the whole link from the alert.",
  },
  notFound: {
    heading: "This lead is gone",
    detail: "There is no such lead any more. Nothing changed.",
  },
  unavailable: {
    heading: "Please try again in a minute",
    detail: "The list of leads could not be reached just now. Nothing changed.",
  },
  /** The phone had no connection, or the answer was lost: the lead may or may not be marked. */
  offline: {
    heading: "No connection",
    detail: "The page could not reach the website's server. Check your connection and try again.",
    retry: "Try again",
  },
  /** A deployed site whose CONTACT_LINK_SECRET is missing or unsafe refuses every link. */
  linksOff: {
    heading: "Marking leads as called is switched off",
    detail:
      "The website's link key (CONTACT_LINK_SECRET) is not set safely, so no link is accepted. Nothing changed. Whoever runs the website can fix it with pnpm go-live.",
  },
  unexpected: {
    heading: "Something went wrong",
    detail: "Nothing changed. Please try again later.",
  },
  durationInWords,
} as const;
