import type { LostReason, OutcomeRequestProblem, OutcomeStep } from "../contract/leadOutcome.ts";
import { lostReasons, maxAmountCents, outcomeSteps } from "../contract/leadOutcome.ts";

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
