import {
  contactAnswerErrors as errors,
  type LeadForPage,
  type LeadMarked,
  leadTokenHeader,
  type MarkContactedRefusal,
  type MarkContactedRefusalReason,
  markContactedRoute,
} from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { tokenProblem } from "../outbox/contactLink.ts";
import type { ContactLinkSettings } from "../platform/config.ts";
import { corsHeaders, preflightResponse } from "../platform/cors.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { errorResponse, jsonResponse } from "../platform/http.ts";
import { leadToMark, markContacted } from "./leadContact.ts";
import { leadContact, leadOnPage } from "./leadOnPage.ts";

export interface ContactedRouteDeps {
  database: () => Database;
  contactLink: ContactLinkSettings;
  allowedOrigins: readonly string[];
  now: Date;
  log: Log;
}

/** What the site's page may send: supabase-js's usual headers and the token's. */
const preflight = {
  methods: "GET, POST, OPTIONS",
  headers: `authorization, x-client-info, apikey, content-type, ${leadTokenHeader}`,
};

const statusOf: Record<MarkContactedRefusalReason, number> = {
  incomplete: 400,
  invalid: 403,
  notFound: 404,
  expired: 410,
  unexpected: 500,
  linksOff: 503,
  unavailable: 503,
};

/**
 * `/contacted/<lead id>`, which the owner's page on the site calls (docs/owner-tools.md): GET
 * answers the lead (once marked, the mark only) and changes nothing; POST marks it as called,
 * once. Both need the token of the alert's link, signed for this lead and unexpired, in the
 * x-lead-token header. Answers are JSON, which the hosted platform serves as it is (it rewrites
 * only a GET's text/html).
 */
export function answerContactedRoute(
  request: Request,
  route: string,
  deps: ContactedRouteDeps,
): Promise<Response> {
  const accepted = {
    prefix: markContactedRoute,
    methods: ["GET", "HEAD", "POST"],
    wrongMethod: words.wrongMethod,
  };
  return answerOwnerLink(request, route, deps, accepted, async ({ leadId, cors, refuse }) => {
    const db = deps.database();
    if (request.method === "POST") {
      const marked = await markContacted(db, leadId, deps.now);
      if (marked.kind === "notFound") return refuse("notFound");
      const answer: LeadMarked = {
        // A replay (a second press, a reload) changes nothing: the first mark stays.
        outcome: marked.kind,
        contacted: leadContact(marked.contactedAt, marked.secondsToContact),
      };
      return jsonResponse(marked.kind === "marked" ? 200 : 409, answer, cors);
    }
    const lead = await leadToMark(db, leadId);
    if (!lead) return refuse("notFound");
    // Once called, the link answers the mark only: nothing of the lead for whoever holds it now.
    const page: LeadForPage = lead.contacted_at
      ? { lead: null, contacted: leadContact(lead.contacted_at, lead.seconds_to_contact ?? 0) }
      : { lead: leadOnPage(lead), contacted: null };
    return jsonResponse(200, page, cors);
  });
}

/** A request of the owner's link that passed `answerOwnerLink`'s checks, and how to refuse it. */
export interface OwnerLink {
  leadId: string;
  cors: Headers;
  refuse: ReturnType<typeof refusal>;
}

/**
 * What both routes of the owner's link check first, in the same words: the origin's preflight,
 * the method, links switched on, and a token signed for this lead and unexpired; then `answer`,
 * whose failure is refused as the database's unavailability or an unexpected error.
 */
export async function answerOwnerLink(
  request: Request,
  route: string,
  deps: ContactedRouteDeps,
  accepted: { prefix: string; methods: readonly string[]; wrongMethod: string },
  answer: (link: OwnerLink) => Promise<Response>,
): Promise<Response> {
  const origin = request.headers.get("origin");
  const cors = corsHeaders(origin, deps.allowedOrigins);
  const refuse = refusal(cors, deps.contactLink.days);
  if (request.method === "OPTIONS") return ownerLinkPreflight(origin, cors);
  if (!accepted.methods.includes(request.method)) {
    cors.set("allow", [...accepted.methods, "OPTIONS"].join(", "));
    return errorResponse(405, accepted.wrongMethod, cors);
  }
  if (!deps.contactLink.enabled) return refuse("linksOff");
  const leadId = route.slice(accepted.prefix.length).toLowerCase();
  const token = request.headers.get(leadTokenHeader) ?? undefined;
  const problem = await tokenProblem(deps.contactLink, leadId, token, deps.now);
  if (problem) return refuse(problem);
  try {
    return await answer({ leadId, cors, refuse });
  } catch (error) {
    const { status, retryAfterSeconds } = failureOf(error, deps.log);
    return refuse(status === 503 ? "unavailable" : "unexpected", retryAfterSeconds);
  }
}

/** The site's page's preflight, the same for every route the owner's link opens. */
export function ownerLinkPreflight(origin: string | null, cors: Headers): Response {
  return cors.has("access-control-allow-origin") && origin !== null
    ? preflightResponse(origin, preflight)
    : errorResponse(403, errors.forbiddenOrigin, cors);
}

/** A refusal in the page's own words: `{ reason, error }` and the status that means it. */
export function refusal(cors: Headers, days: number) {
  return (reason: MarkContactedRefusalReason, retryAfterSeconds?: number): Response => {
    const body: MarkContactedRefusal =
      reason === "expired"
        ? { reason, error: words.expired.detail(days), days }
        : { reason, error: words[reason].detail };
    const headers = new Headers(cors);
    if (retryAfterSeconds) headers.set("retry-after", String(retryAfterSeconds));
    return jsonResponse(statusOf[reason], body, headers);
  };
}
