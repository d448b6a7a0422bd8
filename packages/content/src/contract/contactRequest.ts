import {
  contactRequestErrors,
  contactRequestRules,
  type FieldRules,
  type TextRule,
  textRules,
} from "./contactRequestRules.ts";
import { isServiceOptionValue, type ServiceOptionValue } from "./serviceOptions.ts";

export { contactRequestErrors, contactRequestLimits } from "./contactRequestRules.ts";

/**
 * The contact request shared by the form and the edge function, so the two can never disagree
 * about what a valid request is. No dependencies: it runs unchanged in the browser, in Node and in
 * Deno. The rules themselves are in contactRequestRules.ts.
 */
export interface ContactRequest {
  name: string;
  email: string;
  phone: string;
  service: ServiceOptionValue | "";
  message: string;
}

export type ContactField = keyof ContactRequest;

export const contactFields = [
  "name",
  "phone",
  "email",
  "service",
  "message",
] as const satisfies readonly ContactField[];

export function isContactField(name: string): name is ContactField {
  return (contactFields as readonly string[]).includes(name);
}

export type ContactRequestErrors = Partial<Record<ContactField, string>>;

export type ContactRequestCheck =
  | { ok: true; value: ContactRequest }
  | { ok: false; errors: ContactRequestErrors };

type FieldCheck = { ok: true; value: string } | { ok: false; error: string };

/** Counts code points, as JSON Schema does, so an emoji is one character, not two. */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function meets(rule: TextRule, text: string): boolean {
  switch (rule.kind) {
    case "maxLength":
      return characterCount(text) <= rule.limit;
    case "pattern":
      return rule.pattern.test(text);
    case "oneOf":
      return rule.values.includes(text);
  }
}

/**
 * The rules see the text as sent; what the request keeps is trimmed, with line breaks as `\n`
 * (a browser posting a form by itself sends a textarea's line breaks as CR LF).
 */
function checkField(raw: unknown, field: FieldRules): FieldCheck {
  const text = raw ?? "";
  if (typeof text !== "string") return { ok: false, error: contactRequestErrors.notText };
  const failed = (rules: readonly TextRule[]) => rules.find((rule) => !meets(rule, text));
  const broken =
    failed(textRules) ??
    (field.required !== undefined && text.trim() === ""
      ? { message: field.required }
      : failed(field.rules));
  const kept = text.trim().replace(/\r\n?/g, "\n");
  return broken ? { ok: false, error: broken.message } : { ok: true, value: kept };
}

/**
 * Checks and normalises (trims, one kind of line break) a contact request. Unknown keys are ignored; missing optional
 * fields become empty strings. Errors are keyed by field, in the form's order.
 */
export function checkContactRequest(
  input: { readonly [field in ContactField]?: unknown },
): ContactRequestCheck {
  const errors: ContactRequestErrors = {};
  const value = (field: ContactField): string => {
    const check = checkField(input[field], contactRequestRules[field]);
    if (check.ok) return check.value;
    errors[field] = check.error;
    return "";
  };
  const name = value("name");
  const phone = value("phone");
  const email = value("email");
  const service = value("service");
  const message = value("message");
  if (Object.keys(errors).length > 0 || (service !== "" && !isServiceOptionValue(service))) {
    return { ok: false, errors };
  }
  return { ok: true, value: { name, phone, email, service, message } };
}

/** The first field needing a fix, in the form's order: where focus should go. */
export function firstInvalidField(errors: ContactRequestErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field] !== undefined);
}
