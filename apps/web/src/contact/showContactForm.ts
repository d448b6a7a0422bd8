import { contactFirstFieldId } from "./ContactForm.tsx";

/**
 * Brings the contact form itself into view, below the fixed bar, and puts the cursor in its
 * first field. Not the section's top: on a phone the call button, the steps and the hours come
 * before the form, and the focused field would stay out of sight.
 */
export function showContactForm(): void {
  const field = document.getElementById(contactFirstFieldId);
  field?.closest("form")?.scrollIntoView({ block: "start" });
  field?.focus({ preventScroll: true });
}
