import { contactFormFields } from "../contract/contactFields.ts";
import { business } from "./business.ts";

/**
 * The contact section and the words around the request form; the fields themselves are part of
 * the contact contract (contract/contactFields.ts). docs/content.md lists the texts that are
 * contractual.
 */
export const contactSection = {
  eyebrow: "Free inspection",
  heading: "Schedule your free inspection",
  intro:
    "Tell us what's going on in your basement. We'll contact you within 24 hours to schedule your free inspection.",
  callPrompt: "Prefer to talk?",
  callCta: `Call ${business.phone.display}`,
  nextSteps: {
    heading: "What happens next",
    items: [
      "We call you back within 24 hours to pick a time.",
      "An owner inspects your basement. It's free.",
      "You get a written, fixed-price quote. No pressure.",
    ],
  },
  locationLine: `${business.address.locality}, ${business.address.regionName} · serving all of Southeast Michigan`,
  form: {
    label: "Free inspection request",
    requiredNote: "Fields marked * are required.",
    /** @deprecated Since 1.2: the contact contract's `contactFormFields`, kept for 1.x consumers. */
    fields: contactFormFields,
    honeypotLabel: "Leave this field empty",
    submit: "Request Free Inspection",
    sending: "Sending your request…",
    privacy: "We only use your details to contact you about your inspection. No spam, ever.",
  },
} as const;

/**
 * The toasts after a submit. Their titles and texts are contractual (docs/content.md); how long
 * they stay and how many show at once are ours to set.
 */
export const contactToasts = {
  success: {
    title: "Inspection Requested!",
    description: "We'll contact you within 24 hours to schedule your free inspection.",
  },
  failure: {
    title: "Error",
    description: "Failed to send your request. Please try calling us directly.",
    callLabel: `Call ${business.phone.display}`,
  },
  consoleMessage: "Contact request failed:",
  dismissLabel: "Dismiss notification",
  regionLabel: "Notifications",
  durationMs: 8000,
  maxVisible: 3,
} as const;
