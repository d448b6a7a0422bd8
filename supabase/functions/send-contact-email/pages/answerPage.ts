import { business } from "@bluewater/content/business";
import {
  apiKeyField,
  type ContactField,
  type ContactFieldPresentation,
  contactFields,
  contactFormFields,
  honeypotField,
  serviceOptions,
  contactAnswerPage as words,
} from "@bluewater/content/contact";
import { escapeText, escapeUTF8 } from "entities/escape";
import { answerPageStyle, pageHead } from "./answerPageStyle.ts";

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

function control(field: ContactField, value: string, described: string): string {
  const presentation: ContactFieldPresentation = contactFormFields[field];
  const attributes = [
    `id="field-${field}" name="${field}"${described}`,
    presentation.required ? " required" : "",
    presentation.maxLength ? ` maxlength="${presentation.maxLength}"` : "",
  ].join("");
  switch (presentation.control) {
    case "textarea":
      // The newline after the start tag is dropped by the parser, so a typed leading one survives.
      return `<textarea ${attributes} rows="${presentation.rows ?? 5}">\n${escapeText(value)}</textarea>`;
    case "select": {
      const options = [
        `<option value="">${escapeText(presentation.placeholder)}</option>`,
        ...serviceOptions.map(
          (option) =>
            `<option value="${escapeUTF8(option.value)}"${option.value === value ? " selected" : ""}>${escapeText(option.label)}</option>`,
        ),
      ];
      return `<select ${attributes}>${options.join("")}</select>`;
    }
    case "input": {
      const autoComplete = presentation.autoComplete
        ? ` autocomplete="${presentation.autoComplete}"`
        : "";
      return `<input type="${presentation.type ?? "text"}" ${attributes}${autoComplete} value="${escapeUTF8(value)}">`;
    }
  }
}

function fieldBlock(field: ContactField, content: AnswerPageContent, autofocus: boolean): string {
  const raw = content.values?.[field];
  const value = typeof raw === "string" ? raw : "";
  const error = content.fieldErrors[field];
  const described = error
    ? ` aria-invalid="true" aria-describedby="field-${field}-error"${autofocus ? " autofocus" : ""}`
    : "";
  const mark = contactFormFields[field].required
    ? `<span class="required" aria-hidden="true"> *</span>`
    : "";
  return [
    `<div class="field">`,
    `<label for="field-${field}">${escapeText(contactFormFields[field].label)}${mark}</label>`,
    control(field, value, described),
    error ? `<p class="error" id="field-${field}-error">${escapeText(error)}</p>` : "",
    `</div>`,
  ].join("");
}

/**
 * The page a browser's plain form post gets when its request was not stored: the reason in
 * words, the form again with what the visitor typed and the notes next to the fields, the phone
 * number, and the way back to the site. Every piece of text is escaped with entities, the
 * library the owner's email uses: `escapeText` between tags, `escapeUTF8` (quotes of both kinds
 * too) in attribute values. The page runs no script.
 */
export function renderAnswerPage(content: AnswerPageContent): string {
  const firstInvalid = contactFields.find((field) => content.fieldErrors[field] !== undefined);
  const others = Object.entries(content.fieldErrors).filter(
    ([field]) => !(contactFields as readonly string[]).includes(field),
  );
  const otherList = others.length
    ? `<ul>${others.map(([, message]) => `<li>${escapeText(message)}</li>`).join("")}</ul>`
    : "";
  const site = `${escapeUTF8(content.siteOrigin)}/`;
  const call = `<a href="${escapeUTF8(business.phone.href)}">${escapeText(words.callCta)}</a>`;
  return [
    ...pageHead({ lang: words.lang, title: words.title, style: answerPageStyle }),
    `<body><header><a href="${site}">${escapeText(words.businessName)}</a>${call}</header>`,
    `<main><h1>${escapeText(words.heading)}</h1>`,
    `<div class="reason"><p>${escapeText(content.reason)}</p>${otherList}</div>`,
    content.values ? `<p>${escapeText(words.detailsKept)}</p>` : "",
    `<form method="post" action="${escapeUTF8(content.action)}" accept-charset="utf-8" aria-label="${escapeUTF8(words.formLabel)}">`,
    `<p class="note">${escapeText(words.requiredNote)}</p>`,
    ...contactFields.map((field) => fieldBlock(field, content, field === firstInvalid)),
    `<div hidden><label>${escapeText(words.honeypotLabel)}<input name="${honeypotField}" tabindex="-1" autocomplete="off"></label></div>`,
    content.apiKey
      ? `<input type="hidden" name="${apiKeyField}" value="${escapeUTF8(content.apiKey)}">`
      : "",
    `<button type="submit">${escapeText(words.submit)}</button>`,
    `</form>`,
    `<p class="call">${escapeText(words.callPrompt)} ${call}</p>`,
    `<p class="back"><a href="${site}">${escapeText(words.backLink)}</a></p>`,
    `</main></body></html>`,
  ].join("\n");
}
