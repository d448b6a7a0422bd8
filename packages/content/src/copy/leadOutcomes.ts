import type { LostReason, OutcomeRequestProblem, OutcomeStep } from "../contract/leadOutcome.ts";
import {
  lostReasons,
  maxAmountCents,
  outcomeSteps,
  outcomeUndoMinutes,
} from "../contract/leadOutcome.ts";
import { businessHours } from "./hours.ts";

/** "$4,800", "$15,000.50": cents only when there are some. */
const dollars = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
};

/**
 * The words of a lead's steps after the call (docs/owner-tools.md, "After the call"): on the
 * owner's page, in `pnpm leads`, in the report and in the function's refusals.
 */
export const leadOutcomes = {
  steps: {
    inspected: "Inspected",
    quoted: "Quoted",
    won: "Won",
    lost: "Lost",
    "job-done": "Job done",
  } satisfies Record<OutcomeStep, string>,
  reasons: {
    price: "Price",
    timing: "Timing",
    "another-company": "Chose another company",
    "not-a-fit": "Not a fit",
    "no-answer": "No answer",
  } satisfies Record<LostReason, string>,
  dollars,
  /** "Quoted $4,800", "Lost: Price", "Inspected". */
  markText(step: OutcomeStep, amountCents: number | null, reason: LostReason | null): string {
    const label = leadOutcomes.steps[step];
    if (amountCents !== null && step !== "lost") return `${label} ${dollars(amountCents)}`;
    if (reason) return `${label}: ${leadOutcomes.reasons[reason]}`;
    return label;
  },
  /** The owner's page (`/contacted/#…`), below the call's mark: one tap per step, each undoable. */
  page: {
    heading: "After the call",
    intro: `Tap each step as it happens. A tap can be undone for ${outcomeUndoMinutes} minutes.`,
    loading: "Opening the lead's steps…",
    none: "Nothing marked after the call yet.",
    marksLabel: "Marked so far",
    /** "Quoted $4,800 · Nov 27, 2:14 PM", in the business's time zone. */
    markLine: (text: string, iso: string) =>
      `${text} · ${new Date(iso).toLocaleString("en-US", {
        timeZone: businessHours.timeZone,
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      })}`,
    undo: (text: string) => `Undo ${text}`,
    amountLabel: { quoted: "Quote, in dollars", won: "Price of the job, in dollars" },
    lostLegend: "Lost: why?",
    /** A step's button once it is marked: it says so, and cannot be tapped twice. */
    done: (label: string) => `${label} ✓`,
    saving: "Saving…",
    badAmount: `Type the amount in dollars first, more than 0 and at most ${dollars(maxAmountCents)}.`,
    result: {
      marked: (text: string) => `Marked: ${text}.`,
      undone: (text: string) => `Undone: ${text}.`,
      already: (text: string) => `${text} was already marked. Nothing changed.`,
      tooLate: (text: string) =>
        `${text} can no longer be undone: it was marked more than ${outcomeUndoMinutes} minutes ago.`,
      notMarked: (text: string) => `${text} is not marked. Nothing changed.`,
    },
    failed: "That tap did not go through. Check your connection and tap again.",
  },
  /** What each source's leads became: in `pnpm report`, the Monday email and `pnpm leads sources`. */
  revenue: {
    heading: "What the requests became, by source",
    columns: {
      leads: "requests",
      called: "called",
      inspected: "inspected",
      won: "won",
      revenue: "revenue",
      closeRate: "close rate",
      medianDays: "days to won",
    },
    /** A figure that cannot be had (no lead, nothing won). */
    none: "–",
  },
  /** Google Ads' offline conversion import (`pnpm leads conversions`). */
  conversions: {
    /** The conversion action's name in Google Ads, unless --name says another. */
    defaultName: "Won job",
    /** The currency every amount is in. */
    currency: "USD",
  },
  /** The `error` of a POST the function cannot read as a mark. */
  problems: {
    unknownStep: `Say which step: ${outcomeSteps.join(", ")}.`,
    badAmount: `Give the amount in whole cents, more than 0 and at most ${dollars(maxAmountCents)}.`,
    noAmount: "Only quoted and won carry an amount.",
    badReason: `Say why it was lost: ${lostReasons.join(", ")}.`,
    noReason: "Only a lost lead carries a reason.",
  } satisfies Record<OutcomeRequestProblem, string>,
  notJson: "Send the mark as JSON (Content-Type: application/json).",
  wrongMethod: "Ask for the lead's steps with GET, and mark or undo one with POST.",
} as const;
