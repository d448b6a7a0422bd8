// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
import { ServiceOptionValue } from "./service-options.js";
import { contactRequestErrors, contactRequestLimits } from "./contactRequestRules.js";
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
export declare const contactFields: readonly ["name", "phone", "email", "service", "message"];
export type ContactRequestErrors = Partial<Record<ContactField, string>>;
export type ContactRequestCheck = {
  ok: true;
  value: ContactRequest;
} | {
  ok: false;
  errors: ContactRequestErrors;
};
/**
 * Checks and normalises (trims, one kind of line break) a contact request. Unknown keys are ignored; missing optional
 * fields become empty strings. Errors are keyed by field, in the form's order.
 */
export declare function checkContactRequest(input: { readonly [field in ContactField]?: unknown; }): ContactRequestCheck;
/** The first field needing a fix, in the form's order: where focus should go. */
export declare function firstInvalidField(errors: ContactRequestErrors): ContactField | undefined;
export { contactRequestErrors, contactRequestLimits };