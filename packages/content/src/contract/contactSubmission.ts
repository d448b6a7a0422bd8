import type { ContactRequest } from "./contactRequest.ts";
import type { LeadSource } from "./visit.ts";

/**
 * What the form posts to the send-contact-email function: the visitor's request plus three
 * fields people never see. `requestId` is made by the browser and kept across retries of the
 * same submission, so a retry never makes a second lead. `website` is a honeypot that only bots
 * fill in, and `elapsedMs` is the time from the start of the page's load to the send: a person
 * reads and types first, a bot posts at once. The visit's source (campaign tags, the referring
 * site, an ad click's id) comes along when the page knows it, so the owner sees where each lead
 * came from.
 */
export interface ContactSubmission extends ContactRequest, LeadSource {
  requestId: string;
  website: string;
  elapsedMs: number;
}

export const honeypotField = "website" as const;

/**
 * The form field that carries the site's publishable key when the browser posts the form itself
 * (no JavaScript): a plain form cannot set the `apikey` header.
 */
export const apiKeyField = "apikey" as const;

/**
 * Where the function sends a browser back after it stored a request the browser posted by itself
 * (`/#request-sent`): the page shows its confirmation while this is the URL's target.
 */
export const contactSentFragment = "request-sent" as const;

/** A person needs more than this to read the form and type a name, phone and email. */
export const minimumFillMs = 2000;

/** Above this the function answers 413; a full form is under 3 KB. */
export const maxSubmissionBytes = 16 * 1024;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRequestId(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}
