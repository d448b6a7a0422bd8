import type { ContactField } from "./contactRequest.ts";
import { contactRequestLimits, contactRequestRules } from "./contactRequestRules.ts";

/** How a field of the contact request is asked for: its control and the words around it. */
export interface ContactFieldPresentation {
  label: string;
  placeholder: string;
  control: "input" | "select" | "textarea";
  /** For an input: the type and the keyboard a phone shows. */
  type?: "text" | "tel" | "email";
  inputMode?: "tel";
  autoComplete?: "name" | "tel" | "email";
  /** Whether the request is refused without it (its words are in contactRequestErrors). */
  required: boolean;
  maxLength?: number;
  /** For a textarea: the lines it shows. */
  rows?: number;
}

const required = (field: ContactField) => contactRequestRules[field].required !== undefined;

/**
 * Each field as every form for it presents it: the site's form and the page the function answers
 * a browser's post with. The limits and the error words come from the rules, so a form can never
 * ask for more than the function takes.
 */
export const contactFormFields = {
  name: {
    label: "Full Name",
    placeholder: "Jane Smith",
    control: "input",
    type: "text",
    autoComplete: "name",
    required: required("name"),
    maxLength: contactRequestLimits.name,
  },
  phone: {
    label: "Phone Number",
    placeholder: "(586) 555-0123",
    control: "input",
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    required: required("phone"),
    maxLength: contactRequestLimits.phone,
  },
  email: {
    label: "Email Address",
    placeholder: "jane@example.com",
    control: "input",
    type: "email",
    autoComplete: "email",
    required: required("email"),
    maxLength: contactRequestLimits.email,
  },
  service: {
    label: "Service Needed",
    placeholder: "Select a service (optional)",
    control: "select",
    required: required("service"),
  },
  message: {
    label: "Describe Your Issue",
    placeholder: "For example: water along the back wall after heavy rain, a crack by the stairs…",
    control: "textarea",
    rows: 5,
    required: required("message"),
    maxLength: contactRequestLimits.message,
  },
} as const satisfies Record<ContactField, ContactFieldPresentation>;
