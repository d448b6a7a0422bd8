import {
  apiKeyField,
  contactFunction,
  contactAnswerErrors as errors,
  maxSubmissionBytes,
} from "@bluewater/content/contact";
import { type Answers, browserAnswers, jsonAnswers } from "./answers.ts";
import { hasAcceptedApiKey, hasSecret } from "./apiKey.ts";
import { isBrowserNavigation } from "./browserPost.ts";
import { clientAddress, hashClientAddress } from "./clientAddress.ts";
import type { FunctionConfig } from "./config.ts";
import { answerContactedRoute } from "./contactedRoute.ts";
import { contactedRoute } from "./contactLink.ts";
import { corsHeaders, isAllowedOrigin, preflightResponse } from "./cors.ts";
import { type Database, isDatabaseUnavailable } from "./database.ts";
import { queueDueEscalations } from "./escalation.ts";
import { contentFingerprint } from "./fingerprint.ts";
import { functionUrlFor } from "./functionUrl.ts";
import { errorResponse, jsonResponse } from "./http.ts";
import { requestKeyOf } from "./idempotencyKey.ts";
import { type NotificationPlan, storeLead } from "./leadStore.ts";
import { ownerNotifications } from "./notificationKinds.ts";
import {
  type DeliveryContext,
  deliverPendingNotifications,
  type Providers,
} from "./notificationQueue.ts";
import { pruneRateLimits } from "./rateLimit.ts";
import { type BodyKind, bodyKindOf, readBody } from "./requestBody.ts";
import { checkSubmission } from "./submission.ts";

export interface ContactHandlerDeps {
  config: FunctionConfig;
  /** Undefined when no database URL is configured: every lead request then answers 503. */
  db: Database | undefined;
  providers: Providers;
  now?: () => Date;
  /** Keeps work running after the answer: EdgeRuntime.waitUntil on Supabase. */
  runInBackground?: (task: Promise<unknown>) => void;
  log?: (message: string, detail?: unknown) => void;
}

/** Logged when an idempotency key comes back with different content (answered 422). */
export const keyReusedLogMessage = "idempotency key reused with a different body";

class DatabaseNotConfigured extends Error {
  override name = "DatabaseNotConfigured";
  code = "ECONNREFUSED";
}

/** The part of the path after the function's name, as Supabase and the local gateway pass it. */
function routeOf(url: string): string {
  const path = new URL(url).pathname.replace(/^\/functions\/v1(?=\/)/, "");
  const prefix = `/${contactFunction.name}`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
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

export function createContactHandler(
  deps: ContactHandlerDeps,
): (request: Request) => Promise<Response> {
  const { config, providers } = deps;
  const now = deps.now ?? (() => new Date());
  const log =
    deps.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ""));
  const runInBackground =
    deps.runInBackground ??
    ((task: Promise<unknown>) => {
      task.catch((error: unknown) => log("background task failed", error));
    });
  const database = (): Database => {
    if (!deps.db) throw new DatabaseNotConfigured("SUPABASE_DB_URL is not set");
    return deps.db;
  };
  const plan: NotificationPlan = {
    owner: ownerNotifications(config, "alert"),
    escalationMinutes: config.escalationMinutes,
  };

  /** What notifications are sent with; the links in them lead to this function's address. */
  function deliveryContext(request: Request): DeliveryContext {
    return {
      policy: config.delivery,
      mailbox: { from: config.notify.from, to: config.notify.to },
      providers,
      functionUrl: functionUrlFor(request, config.functionUrl),
      contactLink: config.contactLink,
      escalationMinutes: config.escalationMinutes,
    };
  }

  /** Sends one lead's notifications after answering; the deliverer retries what fails. */
  function notify(db: Database, contactRequestId: string, context: DeliveryContext): void {
    runInBackground(
      deliverPendingNotifications(db, now(), context, { contactRequestId, limit: 20 }),
    );
  }

  async function submitLead(
    request: Request,
    kind: BodyKind | undefined,
    answers: Answers,
  ): Promise<Response> {
    const headerKey = request.headers.get("apikey");
    // JSON and other bodies need the header before anything is read; a form may carry the key.
    if (kind !== "form" && !hasAcceptedApiKey(headerKey, config.publicApiKeys)) {
      return await answers.refused({ status: 401, error: errors.apiKey });
    }
    if (kind === undefined)
      return await answers.refused({ status: 415, error: errors.unsupportedType });
    const body = await readBody(request, kind, maxSubmissionBytes);
    if (!body.ok) return await answers.refused({ status: body.status, error: body.error });
    const values = body.value;
    answers.keep(values);
    const key = headerKey ?? (kind === "form" ? values[apiKeyField] : undefined);
    if (!hasAcceptedApiKey(typeof key === "string" ? key : null, config.publicApiKeys)) {
      return await answers.refused({ status: 401, error: errors.apiKey });
    }
    const checked = checkSubmission(values);
    if (!checked.ok) {
      return await answers.refused({ status: 400, error: checked.error, fields: checked.fields });
    }
    const requestKey = await requestKeyOf(
      request.headers.get("idempotency-key"),
      checked.value.requestId,
    );
    if (!requestKey.ok) return await answers.refused({ status: 400, error: requestKey.error });

    const db = database();
    const { request: contact, spam } = checked.value;
    const outcome = await storeLead(
      db,
      {
        requestId: requestKey.requestId,
        fingerprint: await contentFingerprint(contact),
        request: contact,
        spam,
        clientAddressHash: await hashClientAddress(
          clientAddress(request.headers, config.clientAddressHeader),
          config.ipHashSecret,
        ),
        userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512),
        now: now(),
      },
      config.rateLimit,
      plan,
    );
    switch (outcome.kind) {
      case "limited":
        return await answers.refused({
          status: 429,
          error: errors.tooMany(outcome.retryAfterSeconds),
          retryAfterSeconds: outcome.retryAfterSeconds,
        });
      case "conflict":
        log(keyReusedLogMessage, { leadId: outcome.id });
        return await answers.refused({ status: 422, error: errors.keyReused });
      default:
        // Bots get the same answer as people, so they learn nothing; their leads notify no one.
        if (outcome.notify) notify(db, outcome.id, deliveryContext(request));
        return answers.stored(outcome.id);
    }
  }

  /**
   * The scheduled deliverer's entry: Supabase Cron (pg_net) or the local stack POSTs here. It
   * escalates the leads whose time ran out unmarked, then sends everything due, those included.
   */
  async function deliver(request: Request): Promise<Response> {
    if (!hasSecret(request.headers.get("x-deliverer-secret"), config.delivererSecret)) {
      return errorResponse(401, "Missing or wrong x-deliverer-secret.");
    }
    const db = database();
    const at = now();
    const escalated = await queueDueEscalations(db, at, ownerNotifications(config, "escalation"));
    const report = await deliverPendingNotifications(db, at, deliveryContext(request), {
      limit: 50,
    });
    const prunedRateLimitWindows = await pruneRateLimits(db, at);
    return jsonResponse(200, { ...report, escalated, prunedRateLimitWindows });
  }

  /** Reads a refused form's fields anyway, best effort, so that the answer page can refill them. */
  async function keepSentForm(request: Request, kind: BodyKind | undefined, answers: Answers) {
    if (kind !== "form" || !answers.showsPage) return;
    const body = await readBody(request, kind, maxSubmissionBytes).catch(() => undefined);
    if (body?.ok) answers.keep(body.value);
  }

  return async function handle(request: Request): Promise<Response> {
    const origin = request.headers.get("origin");
    const cors = corsHeaders(origin, config.allowedOrigins);
    const kind = bodyKindOf(request.headers.get("content-type"));
    // An HTML form cannot send JSON, so a JSON body is always an API client's.
    const answers =
      request.method === "POST" && kind !== "json" && isBrowserNavigation(request.headers)
        ? browserAnswers(request, config, cors)
        : jsonAnswers(cors);
    try {
      const route = routeOf(request.url);
      if (route.startsWith(contactedRoute)) {
        return await answerContactedRoute(request, route, {
          database,
          contactLink: config.contactLink,
          functionUrl: functionUrlFor(request, config.functionUrl),
          now: now(),
          log,
        });
      }
      if (route === "/deliver") {
        if (request.method !== "POST") return errorResponse(405, errors.method, { allow: "POST" });
        return await deliver(request);
      }
      if (route !== "" && route !== "/") return errorResponse(404, errors.notFound, cors);
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
      return await submitLead(request, kind, answers);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log("database unavailable", error);
        return await answers.refused({
          status: 503,
          error: errors.unavailable,
          retryAfterSeconds: 30,
        });
      }
      log("unexpected error", error);
      return await answers.refused({ status: 500, error: errors.unexpected });
    }
  };
}
