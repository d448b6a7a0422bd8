// Copied from packages/content/src/contactRequest.ts by `pnpm --filter @bluewater/supabase sync-content`. Edit the original.
import { isServiceOptionValue, type ServiceOptionValue } from "./serviceOptions.ts";

/**
 * The contact request shared by the form and the edge function, so the two can never disagree
 * about what a valid request is. Plain TypeScript with no dependencies: it runs unchanged in the
 * browser, in Node and in Deno.
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

/** Bounds in UTF-16 code units, the unit of the inputs' `maxLength`. */
export const contactRequestLimits = {
  name: 100,
  email: 254,
  phone: 30,
  message: 2000,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
} as const;

/** What the visitor reads next to a field that needs fixing. */
export const contactRequestErrors = {
  nameRequired: "Please enter your full name.",
  nameTooLong: `Please shorten your name to ${contactRequestLimits.name} characters or fewer.`,
  phoneRequired: "Please enter a phone number so we can call you back.",
  phoneInvalid: "Please enter a phone number we can call, like (586) 555-0123.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter an email address like name@example.com.",
  serviceInvalid: "Please choose a service from the list.",
  messageTooLong: `Please shorten your description to ${contactRequestLimits.message.toLocaleString("en-US")} characters or fewer.`,
  notText: "Please enter this as text.",
  unsupportedCharacter: "Please remove the unsupported character from this field.",
} as const;

export type ContactRequestErrors = Partial<Record<ContactField, string>>;

export type ContactRequestCheck =
  | { ok: true; value: ContactRequest }
  | { ok: false; errors: ContactRequestErrors };

// The WHATWG rule browsers apply to type="email", plus a dot in the domain: a lead needs an
// address mail can actually reach.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const phonePattern = /^\+?[0-9 ().-]+(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;
// Postgres text cannot hold U+0000, so it is the one character no field may contain.
const nul = "\u0000";

type TextCheck = { ok: true; value: string } | { ok: false; error: string };

function readText(raw: unknown): TextCheck {
  if (raw === undefined || raw === null) return { ok: true, value: "" };
  if (typeof raw !== "string") return { ok: false, error: contactRequestErrors.notText };
  if (raw.includes(nul)) return { ok: false, error: contactRequestErrors.unsupportedCharacter };
  return { ok: true, value: raw.trim() };
}

function checkName(name: string): string | undefined {
  if (name === "") return contactRequestErrors.nameRequired;
  if (name.length > contactRequestLimits.name) return contactRequestErrors.nameTooLong;
  return undefined;
}

function checkPhone(phone: string): string | undefined {
  if (phone === "") return contactRequestErrors.phoneRequired;
  const digits = phone.replace(/\s*(?:x|ext\.?)\s*[0-9]+$/i, "").replace(/[^0-9]/g, "").length;
  const fits =
    phone.length <= contactRequestLimits.phone &&
    phonePattern.test(phone) &&
    digits >= contactRequestLimits.phoneDigitsMin &&
    digits <= contactRequestLimits.phoneDigitsMax;
  return fits ? undefined : contactRequestErrors.phoneInvalid;
}

function checkEmail(email: string): string | undefined {
  if (email === "") return contactRequestErrors.emailRequired;
  const fits = email.length <= contactRequestLimits.email && emailPattern.test(email);
  return fits ? undefined : contactRequestErrors.emailInvalid;
}

function checkService(service: string): string | undefined {
  return service === "" || isServiceOptionValue(service)
    ? undefined
    : contactRequestErrors.serviceInvalid;
}

function checkMessage(message: string): string | undefined {
  return message.length > contactRequestLimits.message
    ? contactRequestErrors.messageTooLong
    : undefined;
}

const fieldChecks: Record<ContactField, (value: string) => string | undefined> = {
  name: checkName,
  phone: checkPhone,
  email: checkEmail,
  service: checkService,
  message: checkMessage,
};

/**
 * Checks and normalises (trims) a contact request. Unknown keys are ignored; missing optional
 * fields become empty strings. Errors are keyed by field, in the form's order.
 */
export function checkContactRequest(
  input: { readonly [field in ContactField]?: unknown },
): ContactRequestCheck {
  const errors: ContactRequestErrors = {};
  const field = (key: ContactField): string => {
    const text = readText(input[key]);
    const error = text.ok ? fieldChecks[key](text.value) : text.error;
    if (error) errors[key] = error;
    return text.ok ? text.value : "";
  };
  const name = field("name");
  const phone = field("phone");
  const email = field("email");
  const service = field("service");
  const message = field("message");
  if (Object.keys(errors).length > 0 || (service !== "" && !isServiceOptionValue(service))) {
    return { ok: false, errors };
  }
  return { ok: true, value: { name, phone, email, service, message } };
}

/** The first field needing a fix, in the form's order: where focus should go. */
export function firstInvalidField(errors: ContactRequestErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field] !== undefined);
}
