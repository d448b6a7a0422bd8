import type { ContactField } from "./contactRequest.ts";
import { serviceOptions } from "./serviceOptions.ts";

/**
 * Bounds in characters (Unicode code points), the unit JSON Schema's `maxLength` counts. The
 * form's `maxLength` attributes count UTF-16 units, so the browser never lets through more.
 */
export const contactRequestLimits = {
  name: 100,
  email: 254,
  phone: 30,
  message: 2000,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
} as const;

/**
 * 2000 → "2,000". Not `toLocaleString`: its first call loads the browser's locale data, about
 * 15 ms of main thread (60 ms on a slow phone) while the page is starting.
 */
const withThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ",");

/** What the visitor reads next to a field that needs fixing. */
export const contactRequestErrors = {
  nameRequired: "Please enter your full name.",
  nameTooLong: `Please shorten your name to ${contactRequestLimits.name} characters or fewer.`,
  phoneRequired: "Please enter a phone number so we can call you back.",
  phoneInvalid: "Please enter a phone number we can call, like (586) 555-0123.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter an email address like name@example.com.",
  serviceInvalid: "Please choose a service from the list.",
  messageTooLong: `Please shorten your description to ${withThousands(contactRequestLimits.message)} characters or fewer.`,
  notText: "Please enter this as text.",
  unsupportedCharacter: "Please remove the unsupported character from this field.",
  notSingleLine: "Please enter this on one line, without line breaks or hidden characters.",
} as const;

/**
 * One condition on a field's text and the message shown when the text fails it. Patterns carry
 * the `u` flag and no other, because JSON Schema keeps only a pattern's source and validators
 * run it as Unicode.
 */
export type TextRule =
  | { kind: "maxLength"; limit: number; message: string }
  | { kind: "pattern"; pattern: RegExp; message: string }
  | { kind: "oneOf"; values: readonly string[]; message: string };

export interface FieldRules {
  /** The message for a field that is missing, null or blank; absent when it may stay empty. */
  required?: string;
  /** Checked in order on the text as sent; the first one failed names the fix. */
  rules: readonly TextRule[];
}

const maxLength = (limit: number, message: string): TextRule => ({
  kind: "maxLength",
  limit,
  message,
});
const pattern = (regExp: RegExp, message: string): TextRule => ({
  kind: "pattern",
  pattern: regExp,
  message,
});

/** Postgres text cannot hold U+0000, so no field may contain it. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing U+0000 is the point.
const noNul = pattern(/^[^\u0000]*$/u, contactRequestErrors.unsupportedCharacter);

/**
 * Controls, format characters and line or paragraph separators of the Basic Multilingual Plane:
 * what forges lines in an email or a terminal, reverses text (U+202E) or hides in it (U+200B).
 * Listed as ranges rather than `\p{Cc}` so that validators without Unicode classes, like
 * Python's `re`, read the same pattern. Zero-width (non-)joiners U+200C and U+200D stay allowed:
 * Persian and Indic names and emoji need them.
 */
const singleLine = pattern(
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing controls is the point.
  /^[^\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]*$/u,
  contactRequestErrors.notSingleLine,
);

// The WHATWG rule browsers apply to type="email", plus a dot in the domain (a lead needs an
// address mail can reach), with the spaces around it that trimming removes.
const email = pattern(
  /^\s*[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+\s*$/u,
  contactRequestErrors.emailInvalid,
);

// Digits between spaces, brackets, dots and dashes, a leading "+", an optional extension
// ("x12", "ext. 12"). Separators and digits never overlap, so matching never backtracks far,
// whatever the input.
const phone = pattern(
  new RegExp(
    String.raw`^(?: *\+)?(?:[ ().-]*[0-9]){${contactRequestLimits.phoneDigitsMin},${contactRequestLimits.phoneDigitsMax}}[ ().-]*(?:(?:[xX]|[eE][xX][tT]\.?) *[0-9]{1,6} *)?$`,
    "u",
  ),
  contactRequestErrors.phoneInvalid,
);

/** Rules every field starts with. */
export const textRules: readonly TextRule[] = [noNul];

/**
 * What a valid contact request is, as data: the form and the function check with it, and the
 * build turns it into the JSON Schema other teams validate with. Hand-written rather than a
 * Valibot schema, after measuring: @valibot/to-json-schema 1.8 refuses flagged patterns, keeps one
 * pattern per field and drops custom checks, so its schema accepted a blank name and a six-digit
 * phone; and the Valibot checker weighed 2.1 KB gzip against 1.4 KB for this one.
 */
export const contactRequestRules: Record<ContactField, FieldRules> = {
  name: {
    required: contactRequestErrors.nameRequired,
    rules: [maxLength(contactRequestLimits.name, contactRequestErrors.nameTooLong), singleLine],
  },
  phone: {
    required: contactRequestErrors.phoneRequired,
    rules: [
      maxLength(contactRequestLimits.phone, contactRequestErrors.phoneInvalid),
      singleLine,
      phone,
    ],
  },
  email: {
    required: contactRequestErrors.emailRequired,
    rules: [
      maxLength(contactRequestLimits.email, contactRequestErrors.emailInvalid),
      singleLine,
      email,
    ],
  },
  service: {
    rules: [
      {
        kind: "oneOf",
        values: ["", ...serviceOptions.map((option) => option.value)],
        message: contactRequestErrors.serviceInvalid,
      },
    ],
  },
  message: {
    rules: [maxLength(contactRequestLimits.message, contactRequestErrors.messageTooLong)],
  },
};
