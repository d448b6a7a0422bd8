/**
 * The contact contract: what the site's form, the function's answer page, the function itself,
 * `pnpm leads` and other teams agree on (`@bluewater/content/contact`). The request and its rules,
 * how each field is presented, what is sent besides the request, every answer and its words, and
 * where the function is. The same request as a JSON Schema: `@bluewater/content/json/
 * contact-request.schema.json`. docs/content.md and docs/function.md describe each part.
 */
export {
  type ContactRefusal,
  type ContactStored,
  contactAnswerErrors,
  contactAnswerPage,
  isContactRefusal,
  isContactStored,
} from "./contactAnswer.ts";
export { type ContactFieldPresentation, contactFormFields } from "./contactFields.ts";
export {
  type ContactField,
  type ContactRequest,
  type ContactRequestCheck,
  type ContactRequestErrors,
  checkContactRequest,
  contactFields,
  contactRequestErrors,
  contactRequestLimits,
  firstInvalidField,
  isContactField,
} from "./contactRequest.ts";
export { contactRequestJsonSchema } from "./contactRequestJsonSchema.ts";
export {
  apiKeyField,
  type ContactSubmission,
  contactSentFragment,
  honeypotField,
  isRequestId,
  maxSubmissionBytes,
  minimumFillMs,
} from "./contactSubmission.ts";
export { contactFunction } from "./endpoint.ts";
export {
  centsOf,
  isLostReason,
  isOutcomeStep,
  type LeadOutcomes,
  type LostReason,
  leadOutcomeRoute,
  lostReasons,
  maxAmountCents,
  type OutcomeMark,
  type OutcomeRequest,
  type OutcomeRequestProblem,
  type OutcomeStep,
  outcomeSteps,
  outcomeUndoMinutes,
  readOutcomeRequest,
  stepsWithAmount,
} from "./leadOutcome.ts";
export {
  type LeadContact,
  type LeadForPage,
  type LeadMarked,
  type LeadOnPage,
  leadTokenHeader,
  type MarkContactedRefusal,
  type MarkContactedRefusalReason,
  markContactedLink,
  markContactedPagePath,
  markContactedRefusalReasons,
  markContactedRoute,
  readMarkContactedFragment,
} from "./markContacted.ts";
export {
  isServiceOptionValue,
  type ServiceOption,
  type ServiceOptionValue,
  serviceOptionLabel,
  serviceOptions,
} from "./serviceOptions.ts";
