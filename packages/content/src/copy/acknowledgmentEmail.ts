import { business } from "./business.ts";
import { businessHours } from "./hours.ts";

/**
 * The words of the email a homeowner receives right after their request is stored
 * (docs/function.md, "The acknowledgment"). It carries none of the visitor's text but their first
 * name, so the form cannot be used to send anyone else words of the sender's choosing.
 */
export const acknowledgmentEmail = {
  subject: `We received your inspection request | ${business.name}`,
  /** The first name only when it is one plain word; otherwise no name at all. */
  greeting: (firstName: string | undefined) => (firstName ? `Hi ${firstName},` : "Hello,"),
  received: `Thank you for asking ${business.name} for a free inspection. Your request arrived, and our team has it now.`,
  nextHeading: "What happens next",
  next: "We call you within 24 hours to pick a time for your inspection. We call during our business hours:",
  hours: businessHours.rows,
  /** The renderer links the phone number in it (business.phone). */
  emergency: `${businessHours.emergencyNote} Call ${business.phone.display}.`,
  reply: "Questions? Reply to this email and it reaches us.",
  notYou:
    "Did not ask for an inspection? Then someone typed your address by mistake: you can ignore this email, and we will not write again.",
  signOff: `${business.name}, ${business.address.locality}, ${business.address.regionName}`,
} as const;
