/**
 * The words of the text message the owner receives for each lead (docs/owner-tools.md), rendered
 * by the send-contact-email function in the GSM alphabet, so one or two SMS segments hold it:
 *
 *   New lead: Dana Homeowner
 *   Call (586) 555-0123
 *   Interior Waterproofing
 *   "Water comes in along the north wall…"
 *   Mark called: https://…
 */
export const ownerSms = {
  /** Before the name on the first line. */
  newLead: "New lead:",
  /** Before the name on the first line of the escalation. */
  escalation: "NOT CALLED YET:",
  /** Before the tap-to-call number. */
  call: "Call",
  /** In place of the service when the visitor chose none. */
  noService: "Service not chosen",
  /** Before the link to the page that marks the lead as called. */
  markCalled: "Mark called:",
  /**
   * The one text that stands for the leads of the last minutes once the hourly budget of texts is
   * spent (each is in the email): `since` is the first one's time of day in the business's zone.
   */
  summary: (count: number, since: string) =>
    `${count} more lead${count === 1 ? "" : "s"} since ${since}, see email`,
} as const;
