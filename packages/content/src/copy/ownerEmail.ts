import { business } from "./business.ts";

/**
 * The words of the email the company receives for each lead, rendered by the send-contact-email
 * function (docs/owner-tools.md). The visitor's own text is put in by the renderer, shown safely.
 */
export const ownerEmail = {
  /** The subject is "<prefix>: <name> — <service>". */
  subjectPrefix: "New inspection request",
  intro: `New inspection request from the ${business.name} website.`,
  /** The escalation, sent once when nobody marked the lead as called in time. */
  escalationSubjectPrefix: "Not called yet",
  escalationIntro: (minutes: number) =>
    `No one has marked this request as called within ${minutes} minutes of business hours. Please call them now.`,
  /**
   * At the top of one lead email a day while the scheduled deliverer has not run for 5 minutes
   * on the hosted project: `lastRun` is its last run (ISO time), undefined when it never ran.
   */
  delivererStopped: (lastRun: string | undefined) =>
    `Warning: the website's scheduled deliverer ${lastRun ? `has not run since ${lastRun}` : "has never run"}, so alerts that failed are not sent again and leads nobody marked as called are not escalated.`,
  delivererFix:
    "To fix it, run pnpm go-live again (it installs the Supabase Cron job deliver-contact-notifications), or look at that job in the Supabase dashboard under Integrations, Cron. This warning comes at most once a day.",
  /** The link to the page that marks the lead as called (text part: "<label>: <address>"). */
  markCalled: "Called them? Mark the lead as called",
  labels: {
    name: "Name",
    phone: "Phone",
    email: "Email",
    service: "Service",
    /** Where the visit that sent the lead came from: "Google Ads", "the truck's QR code". */
    source: "Came from",
    received: "Received",
    leadId: "Lead id",
    message: "Message",
  },
  /** Shown for an empty message and for a request that chose no service. */
  noMessage: "(none)",
  noService: "Not chosen",
  /** Said when the hourly budget of texts was spent, so this lead's text was folded into a summary. */
  textFolded: (perHour: number) =>
    `No text was sent for this lead: ${perHour} lead texts already went out in the last hour, the most allowed. A summary text counts it.`,
  /** Said when the hourly cap of acknowledgments was reached, so the visitor got none. */
  acknowledgmentWithheld: (perHour: number) =>
    `The visitor was not sent an acknowledgment: ${perHour} already went out in the last hour, the most allowed, so that the form cannot flood anyone's inbox. Write to them yourself if they should hear from you.`,
  /** Before the list of the owner's texts that the carrier reported as not arrived. */
  undeliveredTexts: "These texts did not arrive on your phone, even after one retry:",
  /** One line of that list. */
  undeliveredText: (lead: { name: string; received: string; number: string; reason: string }) =>
    `${lead.name}, received ${lead.received}: the text to ${lead.number} ${lead.reason}`,
  /** What the carrier said, as the end of that line. */
  undeliveredReason: (status: string, errorCode: string | null) =>
    `was ${status}${errorCode ? ` (Twilio error ${errorCode})` : ""}`,
  /** The last line: whether answering the email reaches the visitor. */
  replyReachesVisitor: "Reply to this email to answer the visitor directly.",
  replyGoesNowhere:
    "The visitor's email address is not one plain address, so replies go nowhere: write to them yourself.",
} as const;
