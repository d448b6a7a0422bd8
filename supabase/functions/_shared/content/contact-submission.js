// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
// @ts-self-types="./contact-submission.d.ts"
// src/contactSubmission.ts
const honeypotField = "website";
/**
* The form field that carries the site's publishable key when the browser posts the form itself
* (no JavaScript): a plain form cannot set the `apikey` header.
*/
const apiKeyField = "apikey";
/**
* Where the function sends a browser back after it stored a request the browser posted by itself
* (`/#request-sent`): the page shows its confirmation while this is the URL's target.
*/
const contactSentFragment = "request-sent";
/** A person needs more than this to read the form and type a name, phone and email. */
const minimumFillMs = 2e3;
/** Above this the function answers 413; a full form is under 3 KB. */
const maxSubmissionBytes = 16384;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isRequestId(value) {
	return typeof value === "string" && uuidPattern.test(value);
}
export { apiKeyField, contactSentFragment, honeypotField, isRequestId, maxSubmissionBytes, minimumFillMs };
