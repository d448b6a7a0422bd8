import { reviewRequestEmail } from "@bluewater/content/review-request-email";
import sql from "sql-template-tag";
import type { ContactLinkSettings } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { textResponse } from "../platform/http.ts";
import { reviewOptOutRoute, validOptOutToken } from "./reviewRequests.ts";

const words = reviewRequestEmail.optedOut;
const leadIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ReviewOptOutDeps {
  database: () => Database;
  contactLink: ContactLinkSettings;
  now: () => Date;
  log: Log;
}

/**
 * `/review-opt-out/<lead>?token=…`, the review email's one-tap link: the homeowner asks for no
 * reminder. A GET does it, so that one tap is enough (a mail scanner opening the link costs the
 * business one reminder, never the homeowner anything), and a POST too (a mail client's
 * one-click). Once is enough: a second tap changes nothing and says the same. It also cancels a
 * reminder already queued. Answers plain text, which the hosted platform serves as it is.
 */
export async function answerReviewOptOutRoute(
  request: Request,
  route: string,
  deps: ReviewOptOutDeps,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "POST")
    return textResponse(405, words.invalid);
  const leadId = route.slice(reviewOptOutRoute.length).toLowerCase();
  const token = new URL(request.url).searchParams.get("token");
  if (!deps.contactLink.enabled) return textResponse(503, words.unavailable);
  if (
    !leadIdShape.test(leadId) ||
    !(await validOptOutToken(deps.contactLink.secret, leadId, token))
  ) {
    return textResponse(403, words.invalid);
  }
  try {
    const db = deps.database();
    const now = deps.now();
    await db.query(sql`
      with opted as (
        update public.contact_requests set review_opted_out_at = coalesce(review_opted_out_at, ${now})
        where id = ${leadId} returning id
      )
      update public.contact_notifications n set status = 'cancelled', locked_until = null
      from opted where n.contact_request_id = opted.id and n.kind = 'review-reminder'
        and n.status = 'pending'`);
    return textResponse(200, words.done);
  } catch (error) {
    return textResponse(failureOf(error, deps.log).status, words.unavailable);
  }
}
