import { business } from "@bluewater/content/business";
import { contactAnswerPage as words } from "@bluewater/content/contact-answer";
import {
  type ContactField,
  contactFields,
  contactRequestLimits,
} from "@bluewater/content/contact-request";
import { apiKeyField, honeypotField } from "@bluewater/content/contact-submission";
import { serviceOptions } from "@bluewater/content/service-options";
import { answerPageStyle } from "./answerPageStyle.ts";

export interface AnswerPageContent {
  /** The sentence that says what went wrong and what to do. */
  reason: string;
  /** Messages by field, shown next to their fields; others are listed under the reason. */
  fieldErrors: Record<string, string>;
  /** What the visitor sent, refilled as typed; undefined when the body could not be read. */
  values: Record<string, unknown> | undefined;
  /** Where the form posts; a path relative to this page when the address is not known. */
  action: string;
  siteOrigin: string;
  /** The publishable key the form sends again (a form cannot set the apikey header). */
  apiKey: string | undefined;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe both between tags and inside a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

const maxLengths: Partial<Record<ContactField, number>> = {
  name: contactRequestLimits.name,
  phone: contactRequestLimits.phone,
  email: contactRequestLimits.email,
  message: contactRequestLimits.message,
};
const inputTypes: Partial<Record<ContactField, string>> = { phone: "tel", email: "email" };
const autoComplete: Partial<Record<ContactField, string>> = {
  name: "name",
  phone: "tel",
  email: "email",
};
const required = new Set<ContactField>(["name", "phone", "email"]);

function control(field: ContactField, value: string, described: string): string {
  const attributes = `id="field-${field}" name="${field}"${described}${required.has(field) ? " required" : ""}`;
  if (field === "message") {
    // The newline after the start tag is dropped by the parser, so a typed leading one survives.
    return `<textarea ${attributes} rows="5" maxlength="${maxLengths.message}">\n${escapeHtml(value)}</textarea>`;
  }
  if (field === "service") {
    const options = [
      `<option value="">${escapeHtml(words.fields.service.placeholder)}</option>`,
      ...serviceOptions.map(
        (option) =>
          `<option value="${option.value}"${option.value === value ? " selected" : ""}>${escapeHtml(option.label)}</option>`,
      ),
    ];
    return `<select ${attributes}>${options.join("")}</select>`;
  }
  const type = inputTypes[field] ?? "text";
  const extra = `${autoComplete[field] ? ` autocomplete="${autoComplete[field]}"` : ""} maxlength="${maxLengths[field]}"`;
  return `<input type="${type}" ${attributes}${extra} value="${escapeHtml(value)}">`;
}

function fieldBlock(field: ContactField, content: AnswerPageContent, autofocus: boolean): string {
  const raw = content.values?.[field];
  const value = typeof raw === "string" ? raw : "";
  const error = content.fieldErrors[field];
  const described = error
    ? ` aria-invalid="true" aria-describedby="field-${field}-error"${autofocus ? " autofocus" : ""}`
    : "";
  const mark = required.has(field) ? `<span class="required" aria-hidden="true"> *</span>` : "";
  return [
    `<div class="field">`,
    `<label for="field-${field}">${escapeHtml(words.fields[field].label)}${mark}</label>`,
    control(field, value, described),
    error ? `<p class="error" id="field-${field}-error">${escapeHtml(error)}</p>` : "",
    `</div>`,
  ].join("");
}

/**
 * The page a browser's plain form post gets when its request was not stored: the reason in
 * words, the form again with what the visitor typed and the notes next to the fields, the phone
 * number, and the way back to the site. Every piece of text is escaped; the page runs no script.
 */
export function renderAnswerPage(content: AnswerPageContent): string {
  const firstInvalid = contactFields.find((field) => content.fieldErrors[field] !== undefined);
  const others = Object.entries(content.fieldErrors).filter(
    ([field]) => !(contactFields as readonly string[]).includes(field),
  );
  const otherList = others.length
    ? `<ul>${others.map(([, message]) => `<li>${escapeHtml(message)}</li>`).join("")}</ul>`
    : "";
  const site = `${escapeHtml(content.siteOrigin)}/`;
  const call = `<a href="${escapeHtml(business.phone.href)}">${escapeHtml(words.callCta)}</a>`;
  return [
    `<!doctype html>`,
    `<html lang="${escapeHtml(words.lang)}">`,
    `<head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex">`,
    `<title>${escapeHtml(words.title)}</title>`,
    `<style>${answerPageStyle}</style></head>`,
    `<body><header><a href="${site}">${escapeHtml(words.businessName)}</a>${call}</header>`,
    `<main><h1>${escapeHtml(words.heading)}</h1>`,
    `<div class="reason"><p>${escapeHtml(content.reason)}</p>${otherList}</div>`,
    content.values ? `<p>${escapeHtml(words.detailsKept)}</p>` : "",
    `<form method="post" action="${escapeHtml(content.action)}" accept-charset="utf-8" aria-label="${escapeHtml(words.formLabel)}">`,
    `<p class="note">${escapeHtml(words.requiredNote)}</p>`,
    ...contactFields.map((field) => fieldBlock(field, content, field === firstInvalid)),
    `<div hidden><label>${escapeHtml(words.honeypotLabel)}<input name="${honeypotField}" tabindex="-1" autocomplete="off"></label></div>`,
    content.apiKey
      ? `<input type="hidden" name="${apiKeyField}" value="${escapeHtml(content.apiKey)}">`
      : "",
    `<button type="submit">${escapeHtml(words.submit)}</button>`,
    `</form>`,
    `<p class="call">${escapeHtml(words.callPrompt)} ${call}</p>`,
    `<p class="back"><a href="${site}">${escapeHtml(words.backLink)}</a></p>`,
    `</main></body></html>`,
  ].join("\n");
}
