// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/**
 * The words of the email the company receives for each lead, rendered by the send-contact-email
 * function (docs/owner-tools.md). The visitor's own text is put in by the renderer, shown safely.
 */
export declare const ownerEmail: {
  /** The subject is "<prefix>: <name> — <service>". */
  readonly subjectPrefix: "New inspection request";
  readonly intro: "New inspection request from the Blue Water Waterproofing website.";
  readonly labels: {
    readonly name: "Name";
    readonly phone: "Phone";
    readonly email: "Email";
    readonly service: "Service";
    readonly received: "Received";
    readonly leadId: "Lead id";
    readonly message: "Message";
  };
  /** Shown for an empty message and for a request that chose no service. */
  readonly noMessage: "(none)";
  readonly noService: "Not chosen";
  /** The last line: whether answering the email reaches the visitor. */
  readonly replyReachesVisitor: "Reply to this email to answer the visitor directly.";
  readonly replyGoesNowhere: "The visitor's email address is not one plain address, so replies go nowhere: write to them yourself.";
};