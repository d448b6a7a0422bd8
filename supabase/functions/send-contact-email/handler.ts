import { business } from "@bluewater/content/business.ts";
import { maxSubmissionBytes } from "@bluewater/content/contactSubmission.ts";
import { hasAcceptedApiKey, hasSecret } from "./apiKey.ts";
import { clientAddress, hashClientAddress } from "./clientAddress.ts";
import type { FunctionConfig } from "./config.ts";
import { corsHeaders, isAllowedOrigin, preflightResponse } from "./cors.ts";
import { type Database, isDatabaseUnavailable } from "./database.ts";
import { errorResponse, jsonResponse } from "./http.ts";
import { findLeadIdByRequestId, insertContactRequest } from "./leadStore.ts";
import { deliverPendingNotifications } from "./notificationQueue.ts";
import type { EmailProvider } from "./providers/emailProvider.ts";
import { consumeRateLimit, pruneRateLimits } from "./rateLimit.ts";
import { readJsonObject } from "./requestBody.ts";
import { checkSubmission } from "./submission.ts";

export const functionName = "send-contact-email";

export interface ContactHandlerDeps {
  config: FunctionConfig;
  /** Undefined when no database URL is configured: every lead request then answers 503. */
  db: Database | undefined;
  provider: EmailProvider;
  now?: () => Date;
  /** Keeps work running after the answer: EdgeRuntime.waitUntil on Supabase. */
  runInBackground?: (task: Promise<unknown>) => void;
  log?: (message: string, detail?: unknown) => void;
}

const callUs = `call us at ${business.phone.display}`;
const messages = {
  forbiddenOrigin: "This website may not send contact requests here.",
  method: "Send the contact request with POST.",
  apiKey: "Missing or unknown API key: send the site's publishable key in the apikey header.",
  notFound: "There is nothing at this address.",
  unavailable: `We could not save your request just now. Please try again in a minute or ${callUs}.`,
  unexpected: `Something went wrong on our side. Please ${callUs}.`,
} as const;

class DatabaseNotConfigured extends Error {
  override name = "DatabaseNotConfigured";
  code = "ECONNREFUSED";
}

/** The part of the path after the function's name, as Supabase and the local gateway pass it. */
function routeOf(url: string): string {
  const path = new URL(url).pathname.replace(/^\/functions\/v1(?=\/)/, "");
  return path.startsWith(`/${functionName}`) ? path.slice(functionName.length + 1) : path;
}

function retryAfterMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

export function createContactHandler(
  deps: ContactHandlerDeps,
): (request: Request) => Promise<Response> {
  const { config, provider } = deps;
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
  const mailbox = { from: config.notify.from, to: config.notify.to };

  async function submitLead(request: Request, cors: Headers): Promise<Response> {
    if (!hasAcceptedApiKey(request, config.publicApiKeys))
      return errorResponse(401, messages.apiKey, cors);
    const body = await readJsonObject(request, maxSubmissionBytes);
    if (!body.ok) return errorResponse(body.status, body.error, cors);
    const checked = checkSubmission(body.value);
    if (!checked.ok)
      return jsonResponse(400, { error: checked.error, fields: checked.fields }, cors);
    const { requestId, request: contact, spam } = checked.value;
    const db = database();

    // A retry of a stored submission gets the same answer and does not count against the limit.
    const existing = await findLeadIdByRequestId(db, requestId);
    if (existing) return jsonResponse(200, { id: existing }, cors);

    const addressHash = await hashClientAddress(
      clientAddress(request.headers, config.clientAddressHeader),
      config.ipHashSecret,
    );
    const decision = await consumeRateLimit(db, addressHash, now(), config.rateLimit);
    if (!decision.allowed) {
      cors.set("retry-after", String(decision.retryAfterSeconds));
      const wait = retryAfterMinutes(decision.retryAfterSeconds);
      return errorResponse(
        429,
        `Too many requests. Please try again in ${wait} or ${callUs}.`,
        cors,
      );
    }

    const stored = await insertContactRequest(db, {
      requestId,
      request: contact,
      isSpam: spam !== undefined,
      clientAddressHash: addressHash,
      userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512),
      notifyAt: now(),
    });
    // Bots get the same 200 as people, so they learn nothing; their leads are never emailed.
    if (stored.created && spam === undefined) {
      runInBackground(
        deliverPendingNotifications(db, provider, now(), {
          policy: config.delivery,
          mailbox,
          contactRequestId: stored.id,
          limit: 1,
        }),
      );
    }
    return jsonResponse(200, { id: stored.id }, cors);
  }

  /** The scheduled deliverer's entry: Supabase Cron (pg_net) or the local stack POSTs here. */
  async function deliver(request: Request): Promise<Response> {
    if (!hasSecret(request.headers.get("x-deliverer-secret"), config.delivererSecret)) {
      return errorResponse(401, "Missing or wrong x-deliverer-secret.");
    }
    const db = database();
    const at = now();
    const report = await deliverPendingNotifications(db, provider, at, {
      policy: config.delivery,
      mailbox,
      limit: 50,
    });
    const prunedRateLimitWindows = await pruneRateLimits(db, at);
    return jsonResponse(200, { ...report, prunedRateLimitWindows });
  }

  return async function handle(request: Request): Promise<Response> {
    const origin = request.headers.get("origin");
    const cors = corsHeaders(origin, config.allowedOrigins);
    try {
      const route = routeOf(request.url);
      if (route === "/deliver") {
        if (request.method !== "POST")
          return errorResponse(405, messages.method, { allow: "POST" });
        return await deliver(request);
      }
      if (route !== "" && route !== "/") return errorResponse(404, messages.notFound, cors);
      if (origin !== null && !isAllowedOrigin(origin, config.allowedOrigins)) {
        return errorResponse(403, messages.forbiddenOrigin, cors);
      }
      if (request.method === "OPTIONS") {
        // A refusal is JSON like every other; a preflight without an Origin is not CORS at all.
        return origin !== null
          ? preflightResponse(origin)
          : errorResponse(403, messages.forbiddenOrigin, cors);
      }
      if (request.method !== "POST") {
        cors.set("allow", "POST, OPTIONS");
        return errorResponse(405, messages.method, cors);
      }
      return await submitLead(request, cors);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log("database unavailable", error);
        cors.set("retry-after", "30");
        return errorResponse(503, messages.unavailable, cors);
      }
      log("unexpected error", error);
      return errorResponse(500, messages.unexpected, cors);
    }
  };
}
