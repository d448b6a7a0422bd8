/**
 * A lead's marks after the call (docs/owner-tools.md, "After the call"), read and written the
 * same way by the function's `/outcome/` route (node-postgres) and `pnpm leads outcome`
 * (postgres.js): each hands these a way to run one statement with positional parameters. Every
 * write is one statement, so two taps at once cannot make two marks (a partial unique index keeps
 * one live mark per step).
 */
import {
  type LeadOutcomes,
  type LostReason,
  type OutcomeMark,
  type OutcomeRequest,
  type OutcomeStep,
  outcomeSteps,
  outcomeUndoMinutes,
} from "@bluewater/content/contact";
import type { RunQuery } from "./ownerReport.ts";

type Result = NonNullable<LeadOutcomes["result"]>;

const undoMs = outcomeUndoMinutes * 60_000;

const marksQuery = `
  select step, amount_cents, lost_reason, at from public.lead_outcomes
  where contact_request_id = $1 and undone_at is null`;

/** The lead's live marks, in step order; undefined when there is no such lead. */
export async function leadMarks(
  run: RunQuery,
  leadId: string,
  now: Date,
): Promise<OutcomeMark[] | undefined> {
  const [lead] = await run("select 1 from public.contact_requests where id = $1", [leadId]);
  if (!lead) return undefined;
  const rows = await run(marksQuery, [leadId]);
  return rows
    .map((row): OutcomeMark => {
      const at = new Date(row.at as Date | string);
      const until = at.getTime() + undoMs;
      return {
        step: row.step as OutcomeStep,
        amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
        reason: (row.lost_reason as LostReason | null) ?? null,
        at: at.toISOString(),
        undoUntil: until > now.getTime() ? new Date(until).toISOString() : null,
      };
    })
    .sort((a, b) => outcomeSteps.indexOf(a.step) - outcomeSteps.indexOf(b.step));
}

/**
 * Applies a mark or an undo at `now`. A mark of a step already marked is `already` (the first
 * stays); an undo works for `outcomeUndoMinutes` after the mark (`tooLate` after, `notMarked`
 * when the step has no live mark). Undefined when there is no such lead.
 */
export async function applyOutcome(
  run: RunQuery,
  leadId: string,
  request: OutcomeRequest,
  now: Date,
): Promise<LeadOutcomes | undefined> {
  const result = await write(run, leadId, request, now);
  const marks = await leadMarks(run, leadId, now);
  return marks && { result, marks };
}

async function write(
  run: RunQuery,
  leadId: string,
  request: OutcomeRequest,
  now: Date,
): Promise<Result> {
  if (request.kind === "mark") {
    const inserted = await run(
      `insert into public.lead_outcomes (contact_request_id, step, amount_cents, lost_reason, at)
       select id, $2, $3::integer, $4, $5::timestamptz from public.contact_requests where id = $1
       on conflict (contact_request_id, step) where undone_at is null do nothing
       returning id`,
      [leadId, request.step, request.amountCents, request.reason, now.toISOString()],
    );
    return inserted.length > 0 ? "marked" : "already";
  }
  const undone = await run(
    `update public.lead_outcomes set undone_at = $3::timestamptz
     where contact_request_id = $1 and step = $2 and undone_at is null
       and at > $3::timestamptz - make_interval(mins => $4::integer)
     returning id`,
    [leadId, request.step, now.toISOString(), outcomeUndoMinutes],
  );
  if (undone.length > 0) return "undone";
  const live = await run(
    "select 1 from public.lead_outcomes where contact_request_id = $1 and step = $2 and undone_at is null",
    [leadId, request.step],
  );
  return live.length > 0 ? "tooLate" : "notMarked";
}
