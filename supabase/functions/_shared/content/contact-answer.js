// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
// @ts-self-types="./contact-answer.d.ts"
import { business } from "./business.js";
import { contactSection } from "./contact.js";
import { site } from "./site.js";
// src/contactAnswer.ts
/**
* What the send-contact-email function says back (docs/function.md): the `error` sentence of
* each JSON refusal, and the words of the small page a browser gets when the form was posted
* without the site's script. The site shows its own confirmation at `/#request-sent`
* (`contactSentFragment`).
*/
const callUs = `call us at ${business.phone.display}`;
/** "a minute", "10 minutes": how long a visitor is asked to wait. */
function waitInWords(seconds) {
	const minutes = Math.ceil(seconds / 60);
	return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
/** The `error` of each refusal: read by other teams' code, and by visitors through the site. */
const contactAnswerErrors = {
	forbiddenOrigin: "This website may not send contact requests here.",
	method: "Send the contact request with POST.",
	apiKey: "Missing or unknown API key: send the site's publishable key in the apikey header (or, from an HTML form, in an apikey field).",
	notFound: "There is nothing at this address.",
	unsupportedType: "Send the contact request as JSON (Content-Type: application/json) or as form fields (Content-Type: application/x-www-form-urlencoded).",
	tooLarge: (maxBytes) => `The request is too large: a contact request is at most ${maxBytes / 1024} KB.`,
	notJson: "The request body is not valid JSON.",
	notObject: "The request body must be a JSON object.",
	notForm: "The form fields could not be read: send UTF-8 text in which every % starts a complete %XX escape.",
	requestId: "The requestId must be a UUID (like 0d9e5a8c-7f6b-4c1e-9a2d-3b4c5d6e7f80), or be left out.",
	idempotencyKey: "The Idempotency-Key header must be 1 to 255 visible ASCII characters, optionally in double quotes.",
	twoKeys: "The Idempotency-Key header and the requestId field name different requests: send one of them, or the same key in both.",
	keyReused: "This Idempotency-Key (or requestId) was already used for a request with different details. Send new details with a new key.",
	tooMany: (retryAfterSeconds) => `Too many requests. Please try again in ${waitInWords(retryAfterSeconds)} or ${callUs}.`,
	unavailable: `We could not save your request just now. Please try again in a minute or ${callUs}.`,
	unexpected: `Something went wrong on our side. Please ${callUs}.`
};
/** The page a browser's form post gets when the request was not stored. */
const contactAnswerPage = {
	lang: site.lang,
	title: `Your request was not sent yet | ${business.name}`,
	heading: "Your request was not sent yet",
	reasons: {
		fields: "Some details need a fix before we can send them: see the notes next to the fields.",
		unreadable: "We could not read the form your browser sent. Please check your details and send them again.",
		notAccepted: "We could not accept the form from the page it was sent from. Please send your details again from here.",
		tooLong: "Your request was longer than we can accept. Please enter your details again with a shorter description."
	},
	detailsKept: "Your details are still here.",
	formLabel: contactSection.form.label,
	fields: contactSection.form.fields,
	requiredNote: contactSection.form.requiredNote,
	honeypotLabel: contactSection.form.honeypotLabel,
	submit: contactSection.form.submit,
	callPrompt: contactSection.callPrompt,
	callCta: contactSection.callCta,
	businessName: business.name,
	backLink: "Back to the website"
};
export { contactAnswerErrors, contactAnswerPage };
