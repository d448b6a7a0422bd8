import {
  apiKeyField,
  contactAnswerErrors as errors,
  maxSubmissionBytes,
} from "@bluewater/content/contact";
import { clientAddress, clientKey, hashClientAddress } from "../platform/clientAddress.ts";
import type { FunctionConfig } from "../platform/config.ts";
import type { Log } from "../platform/failure.ts";
import { type BodyKind, readBody } from "../platform/requestBody.ts";
import { readLeadSource } from "../visits/visitSchema.ts";
import type { Answers, Refusal } from "./answers.ts";
import { hasAcceptedApiKey } from "./apiKey.ts";
import { contentFingerprint } from "./fingerprint.ts";
import { requestKeyOf } from "./idempotencyKey.ts";
import type { NewLead } from "./leadStore.ts";
import { checkSubmission } from "./submission.ts";

export type LeadRead = { ok: true; lead: NewLead } | { ok: false; refusal: Refusal };

const refused = (refusal: Refusal): LeadRead => ({ ok: false, refusal });

/**
 * The lead a POST carries, checked in the order a client can fix things: the key, the media type,
 * the size, the key again (a plain form sends it as a field), the fields, the idempotency key.
 * The body's values are kept for a browser's answer page as soon as they are read.
 */
export async function readLead(
  request: Request,
  kind: BodyKind | undefined,
  answers: Answers,
  config: FunctionConfig,
  now: () => Date,
  log: Log,
): Promise<LeadRead> {
  const headerKey = request.headers.get("apikey");
  // JSON and other bodies need the header before anything is read; a form may carry the key.
  if (kind !== "form" && !hasAcceptedApiKey(headerKey, config.publicApiKeys)) {
    return refused({ status: 401, error: errors.apiKey });
  }
  if (kind === undefined) return refused({ status: 415, error: errors.unsupportedType });
  const body = await readBody(request, kind, maxSubmissionBytes);
  if (!body.ok) return refused({ status: body.status, error: body.error });
  answers.keep(body.value);
  const key = headerKey ?? (kind === "form" ? body.value[apiKeyField] : undefined);
  if (!hasAcceptedApiKey(typeof key === "string" ? key : null, config.publicApiKeys)) {
    return refused({ status: 401, error: errors.apiKey });
  }
  const checked = checkSubmission(body.value);
  if (!checked.ok) return refused({ status: 400, error: checked.error, fields: checked.fields });
  const address = clientAddress(request.headers, config.clientAddressHeader);
  const clientAddressHash = await hashClientAddress(clientKey(address), config.ipHashSecret);
  const requestKey = await requestKeyOf(
    request.headers.get("idempotency-key"),
    checked.value.requestId,
    clientAddressHash,
  );
  if (!requestKey.ok) return refused({ status: 400, error: requestKey.error });
  const { request: contact, spam } = checked.value;
  // A tag of the wrong shape loses the lead's source, never the lead.
  const source = readLeadSource(body.value);
  if (!source.ok) log("lead source refused", source.error);
  else if (source.problem) log("lead source refused", source.problem);
  return {
    ok: true,
    lead: {
      requestId: requestKey.requestId,
      fingerprint: await contentFingerprint(contact),
      request: contact,
      spam,
      clientAddressHash,
      userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512),
      source: source.ok ? source.value : {},
      now: now(),
    },
  };
}
