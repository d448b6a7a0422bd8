// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
import { ContactRequest } from "./contact-request.js";
/**
 * What the form posts to the send-contact-email function: the visitor's request plus three
 * fields people never see. `requestId` is made by the browser and kept across retries of the
 * same submission, so a retry never makes a second lead. `website` is a honeypot that only bots
 * fill in, and `elapsedMs` is the time from the start of the page's load to the send: a person
 * reads and types first, a bot posts at once.
 */
export interface ContactSubmission extends ContactRequest {
  requestId: string;
  website: string;
  elapsedMs: number;
}
export declare const honeypotField: "website";
/**
 * The form field that carries the site's publishable key when the browser posts the form itself
 * (no JavaScript): a plain form cannot set the `apikey` header.
 */
export declare const apiKeyField: "apikey";
/**
 * Where the function sends a browser back after it stored a request the browser posted by itself
 * (`/#request-sent`): the page shows its confirmation while this is the URL's target.
 */
export declare const contactSentFragment: "request-sent";
/** A person needs more than this to read the form and type a name, phone and email. */
export declare const minimumFillMs = 2000;
/** Above this the function answers 413; a full form is under 3 KB. */
export declare const maxSubmissionBytes: number;
export declare function isRequestId(value: unknown): value is string;