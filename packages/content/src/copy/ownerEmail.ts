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
    received: "Received",
    leadId: "Lead id",
    message: "Message",
  },
  /** Shown for an empty message and for a request that chose no service. */
  noMessage: "(none)",
  noService: "Not chosen",
  /** The last line: whether answering the email reaches the visitor. */
  replyReachesVisitor: "Reply to this email to answer the visitor directly.",
  replyGoesNowhere:
    "The visitor's email address is not one plain address, so replies go nowhere: write to them yourself.",
} as const;
