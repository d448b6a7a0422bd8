/**
 * What a lead became after the call (docs/owner-tools.md, "After the call"), as the owner's page,
 * the function's `/outcome/<lead id>` route and `pnpm leads outcome` agree on it. The page sends
 * the same signed token as for marking a lead as called, in the same header:
 *
 * - `GET  …/outcome/<lead id>` lists the lead's marks and changes nothing;
 * - `POST …/outcome/<lead id>` with `{ step, amountCents?, reason? }` marks one step, once;
 * - `POST …/outcome/<lead id>` with `{ undo: step }` takes a mark back, for a short while.
 */

/** The function's route below its own address: `/outcome/<lead id>`. */
export const leadOutcomeRoute = "/outcome/";

/** The steps after "called", in the order a job goes. */
export const outcomeSteps = ["inspected", "quoted", "won", "lost", "job-done"] as const;
export type OutcomeStep = (typeof outcomeSteps)[number];

/** The one reason a lost lead was lost. */
export const lostReasons = [
  "price",
  "timing",
  "another-company",
  "not-a-fit",
  "no-answer",
] as const;
export type LostReason = (typeof lostReasons)[number];

/** Steps that carry an amount (whole cents): the quote, and the price of the job won. */
export const stepsWithAmount: readonly OutcomeStep[] = ["quoted", "won"];

/** How long a mark may be taken back after it was made. */
export const outcomeUndoMinutes = 10;

/** The most one amount may be, in cents ($20,000,000): a slip of the thumb, not a job. */
export const maxAmountCents = 2_000_000_000;

/** An amount as the owner types it ("4,800", "$4800.50") in cents; undefined if none or too big. */
export function centsOf(typed: string): number | undefined {
  const plain = typed.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  const cents = Math.round(Number(plain) * 100);
  return cents > 0 && cents <= maxAmountCents ? cents : undefined;
}

export const isOutcomeStep = (value: unknown): value is OutcomeStep =>
  typeof value === "string" && (outcomeSteps as readonly string[]).includes(value);

export const isLostReason = (value: unknown): value is LostReason =>
  typeof value === "string" && (lostReasons as readonly string[]).includes(value);

/** A mark as the page shows it: when, in the business's time zone, and until when it can be undone. */
export interface OutcomeMark {
  step: OutcomeStep;
  amountCents: number | null;
  reason: LostReason | null;
  at: string;
  /** ISO time; null once it can no longer be undone. */
  undoUntil: string | null;
}

/** GET's 200, and every POST's answer: the lead's live marks in step order. */
export interface LeadOutcomes {
  /** `marked`, `undone`; `already` for a replay (409), `tooLate` for an undo past its window (409). */
  result?: "marked" | "already" | "undone" | "tooLate" | "notMarked";
  marks: OutcomeMark[];
}

/** A mark asked for: what the POST body holds, checked. */
export type OutcomeRequest =
  | { kind: "mark"; step: OutcomeStep; amountCents: number | null; reason: LostReason | null }
  | { kind: "undo"; step: OutcomeStep };

/** Reads a POST body, or says in the owner's words why it cannot be a mark. */
export function readOutcomeRequest(
  body: Record<string, unknown>,
): { ok: true; request: OutcomeRequest } | { ok: false; problem: OutcomeRequestProblem } {
  if ("undo" in body) {
    return isOutcomeStep(body.undo)
      ? { ok: true, request: { kind: "undo", step: body.undo } }
      : { ok: false, problem: "unknownStep" };
  }
  const { step, amountCents, reason } = body;
  if (!isOutcomeStep(step)) return { ok: false, problem: "unknownStep" };
  const needsAmount = stepsWithAmount.includes(step);
  if (needsAmount) {
    if (
      typeof amountCents !== "number" ||
      !Number.isSafeInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > maxAmountCents
    ) {
      return { ok: false, problem: "badAmount" };
    }
  } else if (amountCents !== undefined && amountCents !== null) {
    return { ok: false, problem: "noAmount" };
  }
  if (step === "lost" ? !isLostReason(reason) : reason !== undefined && reason !== null) {
    return { ok: false, problem: step === "lost" ? "badReason" : "noReason" };
  }
  return {
    ok: true,
    request: {
      kind: "mark",
      step,
      amountCents: needsAmount ? (amountCents as number) : null,
      reason: step === "lost" ? (reason as LostReason) : null,
    },
  };
}

export type OutcomeRequestProblem =
  | "unknownStep"
  | "badAmount"
  | "noAmount"
  | "badReason"
  | "noReason";
