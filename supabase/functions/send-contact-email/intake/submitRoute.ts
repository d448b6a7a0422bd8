import { contactAnswerErrors as errors, maxSubmissionBytes } from "@bluewater/content/contact";
import {
  deliverPendingNotifications,
  deliveryContextFor,
  type Providers,
} from "../outbox/notificationQueue.ts";
import type { FunctionConfig } from "../platform/config.ts";
import { corsHeaders, isAllowedOrigin, preflightResponse } from "../platform/cors.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { functionUrlFor } from "../platform/functionUrl.ts";
import { errorResponse } from "../platform/http.ts";
import { type BodyKind, bodyKindOf, readBody } from "../platform/requestBody.ts";
import { type Answers, answersFor } from "./answers.ts";
import type { ClientTurns } from "./clientTurns.ts";
import { readLead } from "./leadRequest.ts";
import { type NewLead, notificationPlanFor, type StoreOutcome, storeLead } from "./leadStore.ts";

export interface SubmitRouteDeps {
  config: FunctionConfig;
  providers: Providers;
  database: () => Database;
  now: () => Date;
  log: Log;
  /** Keeps work running after the answer: EdgeRuntime.waitUntil on Supabase. */
  runInBackground: (task: Promise<unknown>) => void;
  /** Each client's leads, one at a time in this instance (clientTurns.ts). */
  clientTurns: ClientTurns;
}

/** Logged when an idempotency key comes back with different content (answered 422). */
export const keyReusedLogMessage = "idempotency key reused with a different body";

/**
 * The function's own address: a contact request (docs/function.md). Refuses a foreign origin,
 * answers the CORS preflight, reads and checks the lead, stores it once with its notifications,
 * answers, and only then sends them. A browser's plain form post is answered with a redirect or
 * a page, everyone else with JSON.
 */
export async function answerSubmitRoute(
  request: Request,
  deps: SubmitRouteDeps,
): Promise<Response> {
  const { config } = deps;
  const origin = request.headers.get("origin");
  const cors = corsHeaders(origin, config.allowedOrigins);
  const kind = bodyKindOf(request.headers.get("content-type"));
  const answers = answersFor(request, kind, config, cors);
  try {
    if (origin !== null && !mayPost(origin, kind, request, config)) {
      await keepSentForm(request, kind, answers);
      return await answers.refused({ status: 403, error: errors.forbiddenOrigin });
    }
    if (request.method === "OPTIONS") {
      // A refusal is JSON like every other; a preflight without an Origin is not CORS at all.
      return origin !== null
        ? preflightResponse(origin)
        : errorResponse(403, errors.forbiddenOrigin, cors);
    }
    if (request.method !== "POST") {
      cors.set("allow", "POST, OPTIONS");
      return errorResponse(405, errors.method, cors);
    }
    const read = await readLead(request, kind, answers, config, deps.now, deps.log);
    if (!read.ok) return await answers.refused(read.refusal);
    const db = deps.database();
    const outcome = await storeInTurn(db, read.lead, deps);
    switch (outcome.kind) {
      case "limited":
        return await answers.refused({
          status: 429,
          error: errors.tooMany(outcome.retryAfterSeconds),
          retryAfterSeconds: outcome.retryAfterSeconds,
        });
      case "conflict":
        deps.log(keyReusedLogMessage, { leadId: outcome.id });
        return await answers.refused({ status: 422, error: errors.keyReused });
    }
    // Bots get the same answer as people, so they learn nothing; their leads notify no one.
    if (outcome.notify) {
      const functionUrl = functionUrlFor(request, config.functionUrl);
      const context = deliveryContextFor(config, deps.providers, functionUrl);
      const only = { contactRequestId: outcome.id, limit: 20 };
      deps.runInBackground(deliverPendingNotifications(db, deps.now(), context, only));
    }
    return answers.stored(outcome.id);
  } catch (error) {
    return await answers.refused(failureOf(error, deps.log));
  }
}

/**
 * Stores the lead in its client's turn; a client with too many leads in flight here is limited at
 * once, told to come back when its window has passed.
 */
async function storeInTurn(
  db: Database,
  lead: NewLead,
  { config, clientTurns }: SubmitRouteDeps,
): Promise<StoreOutcome> {
  const stored = await clientTurns.take(lead.clientAddressHash, () =>
    storeLead(db, lead, config.rateLimit, notificationPlanFor(config)),
  );
  return stored ?? { kind: "limited", retryAfterSeconds: config.rateLimit.windowSeconds };
}

/**
 * An HTML form posts with the site's Origin, with the function's own origin from its answer
 * page, or with `null` from a privacy-minded browser or a page with no referrer policy to spare.
 */
function mayPost(
  origin: string,
  kind: BodyKind | undefined,
  request: Request,
  config: FunctionConfig,
): boolean {
  if (isAllowedOrigin(origin, config.allowedOrigins)) return true;
  if (kind !== "form" || request.method !== "POST") return false;
  const own = functionUrlFor(request, config.functionUrl);
  return origin === "null" || (own !== undefined && origin === new URL(own).origin);
}

/** Reads a refused form's fields anyway, best effort, so that the answer page can refill them. */
async function keepSentForm(request: Request, kind: BodyKind | undefined, answers: Answers) {
  if (kind !== "form" || !answers.showsPage) return;
  const body = await readBody(request, kind, maxSubmissionBytes).catch(() => undefined);
  if (body?.ok) answers.keep(body.value);
}
