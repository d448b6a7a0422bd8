import { contactFunction } from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { contactedRoute, tokenField, tokenProblem } from "../outbox/contactLink.ts";
import { localTime } from "../outbox/messages/localTime.ts";
import { contactedPageStyleSource } from "../pages/answerPageStyle.ts";
import type { ContactLinkSettings } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { cspSafe, htmlResponse } from "../platform/http.ts";
import { readBody } from "../platform/requestBody.ts";
import { type ContactedPageContent, renderContactedPage } from "./contactedPage.ts";
import { leadToMark, markContacted } from "./leadContact.ts";

export interface ContactedRouteDeps {
  database: () => Database;
  contactLink: ContactLinkSettings;
  /** The function's public address (this request's own when none is configured). */
  functionUrl: string | undefined;
  now: Date;
  log: Log;
}

/** The token fits in far less: a bigger body is not this page's. */
const maxFormBytes = 1024;

const outcome = (done: boolean, heading: string, detail: string): ContactedPageContent => ({
  kind: "outcome",
  done,
  heading,
  detail,
});

/**
 * The page, with a policy that lets its one form post to exactly its own action (a CSP source
 * with a path matches that path only) and every other page post nowhere.
 */
async function page(
  status: number,
  content: ContactedPageContent,
  extra: Record<string, string> = {},
): Promise<Response> {
  const formAction =
    content.kind !== "confirm"
      ? "'none'"
      : URL.canParse(content.action) && cspSafe.test(content.action)
        ? content.action
        : "'self'";
  const headers = new Headers(extra);
  headers.set(
    "content-security-policy",
    [
      "default-src 'none'",
      `style-src ${await contactedPageStyleSource}`,
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  headers.set("x-robots-tag", "noindex");
  const response = htmlResponse(status, renderContactedPage(content), headers);
  // The address holds the token: no page it leads to may learn it.
  response.headers.set("referrer-policy", "no-referrer");
  return response;
}

async function tokenOf(request: Request): Promise<string | undefined> {
  const fromQuery = new URL(request.url).searchParams.get(tokenField) ?? undefined;
  if (request.method !== "POST") return fromQuery;
  const body = await readBody(request, "form", maxFormBytes);
  const field = body.ok ? body.value[tokenField] : undefined;
  return typeof field === "string" ? field : fromQuery;
}

/**
 * `/contacted/<lead id>`, the page each owner alert links to (docs/owner-tools.md): GET shows the
 * lead and a button, and changes nothing, so a mail scanner that opens the link marks nothing;
 * the button's POST marks the lead as called, once. Both need the link's token, signed for this
 * lead and unexpired. Every answer is a page in the site's look, without script.
 */
export async function answerContactedRoute(
  request: Request,
  route: string,
  deps: ContactedRouteDeps,
): Promise<Response> {
  const leadId = route.slice(contactedRoute.length).toLowerCase();
  const action = `${deps.functionUrl ?? contactFunction.path}${contactedRoute}${leadId}`;
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") {
    return await page(405, outcome(false, words.unexpected.heading, words.unexpected.detail), {
      allow: "GET, HEAD, POST",
    });
  }
  try {
    const token = await tokenOf(request);
    const problem = await tokenProblem(deps.contactLink, leadId, token, deps.now);
    switch (problem) {
      case "incomplete":
        return await page(400, outcome(false, words.incomplete.heading, words.incomplete.detail));
      case "invalid":
        return await page(403, outcome(false, words.invalid.heading, words.invalid.detail));
      case "expired":
        return await page(
          410,
          outcome(false, words.expired.heading, words.expired.detail(deps.contactLink.days)),
        );
    }
    const db = deps.database();
    if (request.method === "POST") {
      const marked = await markContacted(db, leadId, deps.now);
      switch (marked.kind) {
        case "notFound":
          return await page(404, outcome(false, words.notFound.heading, words.notFound.detail));
        case "already":
          // A replay (a second POST, a reload): refused, and the first mark stays.
          return await page(409, alreadyMarked(false, marked.contactedAt, marked.secondsToContact));
        case "marked":
          return await page(
            200,
            outcome(true, words.marked.heading, words.marked.detail(marked.secondsToContact)),
          );
      }
    }
    const lead = await leadToMark(db, leadId);
    if (!lead) {
      return await page(404, outcome(false, words.notFound.heading, words.notFound.detail));
    }
    if (lead.contacted_at) {
      return await page(200, alreadyMarked(true, lead.contacted_at, lead.seconds_to_contact ?? 0));
    }
    return await page(200, { kind: "confirm", lead, action, token: token ?? "" });
  } catch (error) {
    const { status, retryAfterSeconds } = failureOf(error, deps.log);
    const said = status === 503 ? words.unavailable : words.unexpected;
    const retry: Record<string, string> = retryAfterSeconds
      ? { "retry-after": String(retryAfterSeconds) }
      : {};
    return await page(status, outcome(false, said.heading, said.detail), retry);
  }
}

function alreadyMarked(
  done: boolean,
  contactedAt: Date,
  secondsToContact: number,
): ContactedPageContent {
  return outcome(
    done,
    words.alreadyMarked.heading,
    words.alreadyMarked.detail(localTime(contactedAt), secondsToContact),
  );
}
