import { business } from "./business.ts";

/**
 * The words of the email a homeowner receives 2 hours after their job was marked done, and of
 * its one reminder 5 days later (docs/owner-tools.md, "Review requests"). Every finished job is
 * asked the same way, whatever it cost or how it went: Google's policy forbids asking only the
 * happy customers. It carries none of the visitor's text but their first name.
 */
export const reviewRequestEmail = {
  subject: `How did we do? | ${business.name}`,
  reminderSubject: `A minute for a review? | ${business.name}`,
  greeting: (firstName: string | undefined) => (firstName ? `Hi ${firstName},` : "Hello,"),
  thanks: `Thank you for trusting ${business.name} with your home. Your job is done, and we would like to know how it went.`,
  reminder: `A few days ago we asked how your job with ${business.name} went. If you have a minute, we would be glad to read it.`,
  ask: "A review on Google helps other homeowners find a local company they can trust. It takes about a minute:",
  linkText: "Write a review on Google",
  reply: "Something not right? Reply to this email and it reaches us.",
  /** The one-tap link that stops the reminder (the only email that could follow). */
  optOut: "Rather not be reminded? One tap, and we will not ask again:",
  optOutLinkText: "No reminder, thanks",
  signOff: `${business.name}, ${business.address.locality}, ${business.address.regionName}`,
  /** The function's plain-text answer to the opt-out link. */
  optedOut: {
    done: `Done: ${business.name} will not ask you for a review again. Thank you.`,
    invalid: "This link is not valid. Nothing changed.",
    unavailable: "Please try again in a minute. Nothing changed.",
  },
} as const;
