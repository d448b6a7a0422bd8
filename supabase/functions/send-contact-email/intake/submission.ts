import {
  type ContactRequest,
  checkContactRequest,
  contactAnswerErrors,
  contactFields,
  honeypotField,
  isRequestId,
  minimumFillMs,
} from "@bluewater/content/contact";

export type SpamReason = "honeypot" | "too-fast";

export interface AcceptedSubmission {
  request: ContactRequest;
  /** The body's own request id, lowercased; undefined when the sender gave none. */
  requestId: string | undefined;
  spam: SpamReason | undefined;
}

export type SubmissionCheck =
  | { ok: true; value: AcceptedSubmission }
  | { ok: false; error: string; fields: Record<string, string> };

/** A missing or broken timer is not proof of a bot: only a measured, too-short fill time is. */
function spamReason(body: Record<string, unknown>): SpamReason | undefined {
  const honeypot = body[honeypotField];
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null) return "honeypot";
  const elapsed = body.elapsedMs;
  if (typeof elapsed === "number" && Number.isFinite(elapsed) && elapsed < minimumFillMs) {
    return "too-fast";
  }
  return undefined;
}

/**
 * Checks a submission with the schema the form uses, so both sides agree on what is valid. The
 * error names every field to fix, in the form's order, in the words the form shows. Only the
 * five fields of the contact request are required (docs/function.md).
 */
export function checkSubmission(body: Record<string, unknown>): SubmissionCheck {
  const checked = checkContactRequest(body);
  const fields: Record<string, string> = {};
  if (!checked.ok) {
    for (const field of contactFields) {
      const message = checked.errors[field];
      if (message) fields[field] = message;
    }
  }
  // An empty requestId is none: a form's hidden field stays empty when no script filled it.
  const requestId = body.requestId === "" ? undefined : body.requestId;
  if (requestId != null && !isRequestId(requestId))
    fields.requestId = contactAnswerErrors.requestId;
  if (!checked.ok || Object.keys(fields).length > 0) {
    return { ok: false, error: Object.values(fields).join(" "), fields };
  }
  return {
    ok: true,
    value: {
      request: checked.value,
      requestId: isRequestId(requestId) ? requestId.toLowerCase() : undefined,
      spam: spamReason(body),
    },
  };
}
