import sql from "sql-template-tag";
import type { Queryable } from "../platform/database.ts";
import { isPlainAddress } from "./messages/emailMessage.ts";
import { renderReviewRequest } from "./messages/reviewRequestMessage.ts";
import type { ReviewKind } from "./notificationKinds.ts";
import type { EmailProvider, SendResult } from "./providers/emailProvider.ts";
import { type ReviewSettings, reviewOptOutLink } from "./reviewRequests.ts";

export interface ReviewClaim {
  notification_id: string;
  kind: ReviewKind;
  id: string;
  name: string;
  email: string;
  review_opted_out_at: Date | null;
}

export interface ReviewContext {
  reviews: ReviewSettings;
  mailbox: { from: string; to: string };
  functionUrl: string | undefined;
  /** CONTACT_LINK_SECRET, which signs the opt-out link too (for its own purpose). */
  linkSecret: string;
  email: EmailProvider;
}

/**
 * Sends a review request or its reminder, or cancels it (undefined) when it may no longer go: the
 * homeowner opted out since it was queued, or the review link was removed from the settings.
 */
export async function sendReview(
  db: Queryable,
  claimed: ReviewClaim,
  context: ReviewContext,
  idempotencyKey: string,
): Promise<SendResult | undefined> {
  const review = context.reviews.url;
  const optedOut = claimed.kind === "review-reminder" && claimed.review_opted_out_at !== null;
  if (review === undefined || optedOut) {
    await db.query(sql`
      update public.contact_notifications set status = 'cancelled', locked_until = null
      where id = ${claimed.notification_id}`);
    return undefined;
  }
  if (!isPlainAddress(claimed.email) || context.functionUrl === undefined) {
    const why =
      context.functionUrl === undefined
        ? "no function address for its opt-out link"
        : "the visitor's address is not one plain address";
    return { ok: false, retryable: false, error: `no review request is sent: ${why}` };
  }
  const optOut = await reviewOptOutLink(context.functionUrl, context.linkSecret, claimed.id);
  const message = renderReviewRequest(
    claimed,
    { review, optOut },
    {
      reminder: claimed.kind === "review-reminder",
      from: context.mailbox.from,
      replyTo: context.mailbox.to,
    },
  );
  return await context.email.send(message, idempotencyKey);
}
