import {
  type ContactRefusal,
  type ContactStored,
  contactAnswerPage,
  contactFields,
  contactFunction,
  contactSentFragment,
} from "@bluewater/content/contact";
import { renderAnswerPage } from "../pages/answerPage.ts";
import { answerPageStyleSource } from "../pages/answerPageStyle.ts";
import type { FunctionConfig } from "../platform/config.ts";
import { functionUrlFor } from "../platform/functionUrl.ts";
import { cspSafe, htmlResponse, jsonResponse, seeOther } from "../platform/http.ts";
import type { BodyKind } from "../platform/requestBody.ts";
import { isBrowserNavigation } from "./browserPost.ts";
import { siteOriginFor } from "./siteOrigin.ts";

export type RefusalStatus = 400 | 401 | 403 | 413 | 415 | 422 | 429 | 500 | 503;

export interface Refusal extends ContactRefusal {
  status: RefusalStatus;
  retryAfterSeconds?: number;
}

/** How one request is answered: JSON to fetch and curl, a redirect or a page to a browser. */
export interface Answers {
  /** True for a browser, whose refusal page shows what was sent. */
  showsPage: boolean;
  /** What was sent, once the body is read: the page refills it. */
  keep(values: Record<string, unknown>): void;
  stored(id: string): Response;
  refused(refusal: Refusal): Promise<Response>;
}

function withRetryAfter(headers: Headers, refusal: Refusal): Headers {
  const merged = new Headers(headers);
  if (refusal.retryAfterSeconds !== undefined) {
    merged.set("retry-after", String(refusal.retryAfterSeconds));
  }
  return merged;
}

/** `{ id }` or `{ error }` (with `fields` for a 400), exactly as the API has always answered. */
export function jsonAnswers(cors: Headers): Answers {
  return {
    showsPage: false,
    keep: () => {},
    stored: (id) => jsonResponse(200, { id } satisfies ContactStored, cors),
    refused: (refusal) => {
      const body: ContactRefusal = refusal.fields
        ? { error: refusal.error, fields: refusal.fields }
        : { error: refusal.error };
      return Promise.resolve(jsonResponse(refusal.status, body, withRetryAfter(cors, refusal)));
    },
  };
}

/** What the page tells a person, who cannot act on the API's technical reasons. */
function reasonForPeople(refusal: Refusal): string {
  const { reasons } = contactAnswerPage;
  switch (refusal.status) {
    case 400:
      return contactFields.some((field) => refusal.fields?.[field] !== undefined)
        ? reasons.fields
        : reasons.unreadable;
    case 413:
      return reasons.tooLong;
    case 429:
    case 500:
    case 503:
      return refusal.error;
    default:
      return reasons.notAccepted;
  }
}

/**
 * Answers to a browser's plain form post (docs/function.md, "The answer"): a stored
 * lead is a 303 to the site's confirmation, a refusal the answer page with the same status.
 */
export function browserAnswers(request: Request, config: FunctionConfig, cors: Headers): Answers {
  const siteOrigin = siteOriginFor(request.headers, config.allowedOrigins);
  const functionUrl = functionUrlFor(request, config.functionUrl);
  const postsBackTo =
    functionUrl !== undefined && cspSafe.test(functionUrl) ? functionUrl : undefined;
  // A post from the page carries the function's own origin, so it lands on this site.
  const pagePostLandsOn = siteOriginFor(
    new Headers(postsBackTo ? { origin: new URL(postsBackTo).origin, referer: postsBackTo } : {}),
    config.allowedOrigins,
  );
  let values: Record<string, unknown> | undefined;
  return {
    showsPage: true,
    keep: (sent) => {
      values = sent;
    },
    stored: () => seeOther(`${siteOrigin}/#${contactSentFragment}`, cors),
    async refused(refusal) {
      const html = renderAnswerPage({
        reason: reasonForPeople(refusal),
        fieldErrors: refusal.fields ?? {},
        values,
        action: postsBackTo ?? contactFunction.path,
        siteOrigin,
        apiKey: config.publicApiKeys[0],
      });
      // Chromium applies form-action to the redirect after the post as well, so the site the
      // page's post is sent back to is allowed beside the function's own address.
      const formTargets = new Set([postsBackTo ?? "'self'", pagePostLandsOn]);
      const headers = withRetryAfter(cors, refusal);
      headers.set(
        "content-security-policy",
        [
          "default-src 'none'",
          `style-src ${await answerPageStyleSource}`,
          `form-action ${[...formTargets].join(" ")}`,
          "frame-ancestors 'none'",
          "base-uri 'none'",
        ].join("; "),
      );
      return htmlResponse(refusal.status, html, headers);
    },
  };
}

/**
 * A browser's plain form post is answered with a redirect or a page; everyone else with JSON. An
 * HTML form cannot send JSON, so a JSON body is always an API client's.
 */
export function answersFor(
  request: Request,
  kind: BodyKind | undefined,
  config: FunctionConfig,
  cors: Headers,
): Answers {
  return request.method === "POST" && kind !== "json" && isBrowserNavigation(request.headers)
    ? browserAnswers(request, config, cors)
    : jsonAnswers(cors);
}
