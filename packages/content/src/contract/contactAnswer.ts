import { business } from "../copy/business.ts";
import { contactSection } from "../copy/contact.ts";
import { site } from "../copy/site.ts";
import { contactFormFields } from "./contactFields.ts";

/**
 * What the send-contact-email function says back (docs/function.md): the `error` sentence of
 * each JSON refusal, and the words of the small page a browser gets when the form was posted
 * without the site's script. The site shows its own confirmation at `/#request-sent`
 * (`contactSentFragment`).
 */
const callUs = `call us at ${business.phone.display}`;

/** "a minute", "10 minutes": how long a visitor is asked to wait. */
function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

/** The `error` of each refusal: read by other teams' code, and by visitors through the site. */
export const contactAnswerErrors = {
  forbiddenOrigin: "This website may not send contact requests here.",
  method: "Send the contact request with POST.",
  apiKey:
    "Missing or unknown API key: send the site's publishable key in the apikey header (or, from an HTML form, in an apikey field).",
  notFound: "There is nothing at this address.",
  unsupportedType:
    "Send the contact request as JSON (Content-Type: application/json) or as form fields (Content-Type: application/x-www-form-urlencoded).",
  tooLarge: (maxBytes: number) =>
    `The request is too large: a contact request is at most ${maxBytes / 1024} KB.`,
  notJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  notForm:
    "The form fields could not be read: send UTF-8 text in which every % starts a complete %XX escape.",
  requestId:
    "The requestId must be a UUID (like 0d9e5a8c-7f6b-4c1e-9a2d-3b4c5d6e7f80), or be left out.",
  idempotencyKey:
    "The Idempotency-Key header must be 1 to 255 visible ASCII characters, optionally in double quotes.",
  twoKeys:
    "The Idempotency-Key header and the requestId field name different requests: send one of them, or the same key in both.",
  keyReused:
    "This Idempotency-Key (or requestId) was already used for a request with different details. Send new details with a new key.",
  tooMany: (retryAfterSeconds: number) =>
    `Too many requests. Please try again in ${waitInWords(retryAfterSeconds)} or ${callUs}.`,
  unavailable: `We could not save your request just now. Please try again in a minute or ${callUs}.`,
  unexpected: `Something went wrong on our side. Please ${callUs}.`,
} as const;

/** The page a browser's form post gets when the request was not stored. */
export const contactAnswerPage = {
  lang: site.lang,
  title: `Your request was not sent yet | ${business.name}`,
  heading: "Your request was not sent yet",
  reasons: {
    fields: "Some details need a fix before we can send them: see the notes next to the fields.",
    unreadable:
      "We could not read the form your browser sent. Please check your details and send them again.",
    notAccepted:
      "We could not accept the form from the page it was sent from. Please send your details again from here.",
    tooLong:
      "Your request was longer than we can accept. Please enter your details again with a shorter description.",
  },
  detailsKept: "Your details are still here.",
  formLabel: contactSection.form.label,
  /** @deprecated Since 1.2: `contactFormFields`, kept for 1.x consumers. */
  fields: contactFormFields,
  requiredNote: contactSection.form.requiredNote,
  honeypotLabel: contactSection.form.honeypotLabel,
  submit: contactSection.form.submit,
  callPrompt: contactSection.callPrompt,
  callCta: contactSection.callCta,
  businessName: business.name,
  backLink: "Back to the website",
} as const;

/** The body of a 200: the stored lead's id (the same id again for a copy of it). */
export interface ContactStored {
  id: string;
}

/**
 * The body of every refusal (4xx, 5xx): `error` in words a visitor can read. A 400 names what to
 * fix in `fields`, by field name: the request's fields, with the message the form's own check
 * shows, and `requestId`.
 */
export interface ContactRefusal {
  error: string;
  fields?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function isContactStored(body: unknown): body is ContactStored {
  return isRecord(body) && typeof body.id === "string";
}

export function isContactRefusal(body: unknown): body is ContactRefusal {
  if (!isRecord(body) || typeof body.error !== "string") return false;
  if (body.fields === undefined) return true;
  const { fields } = body;
  return isRecord(fields) && Object.values(fields).every((message) => typeof message === "string");
}
