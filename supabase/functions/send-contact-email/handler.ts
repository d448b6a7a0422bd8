import {
  contactFunction,
  contactAnswerErrors as errors,
  leadOutcomeRoute,
  markContactedRoute,
} from "@bluewater/content/contact";
import { clientTurns, maxInFlightFor } from "./intake/clientTurns.ts";
import { answerSubmitRoute } from "./intake/submitRoute.ts";
import type { Providers } from "./outbox/notificationQueue.ts";
import { answerReviewOptOutRoute } from "./outbox/reviewOptOutRoute.ts";
import { reviewOptOutRoute } from "./outbox/reviewRequests.ts";
import { smsStatusRoute } from "./outbox/smsReceipts.ts";
import { answerSmsStatusRoute } from "./outbox/smsStatusRoute.ts";
import { answerContactedRoute } from "./owner/contactedRoute.ts";
import { answerOutcomeRoute } from "./owner/outcomeRoute.ts";
import type { FunctionConfig } from "./platform/config.ts";
import { corsHeaders } from "./platform/cors.ts";
import { type Database, requireDatabase } from "./platform/database.ts";
import type { Log } from "./platform/failure.ts";
import { errorResponse } from "./platform/http.ts";
import { slots } from "./platform/slots.ts";
import { answerDeliverRoute, deliverRoute } from "./schedule/deliverRoute.ts";
import { limitedVisitors } from "./visits/limitedVisitors.ts";
import { answerVisitRoute, visitRoute } from "./visits/visitRoute.ts";

export interface ContactHandlerDeps {
  config: FunctionConfig;
  /** Undefined when no database URL is configured: every lead request then answers 503. */
  db: Database | undefined;
  providers: Providers;
  now?: () => Date;
  /** Keeps work running after the answer: EdgeRuntime.waitUntil on Supabase. */
  runInBackground?: (task: Promise<unknown>) => void;
  log?: Log;
}

/** The part of the path after the function's name, as Supabase and the local gateway pass it. */
function routeOf(url: string): string {
  const path = new URL(url).pathname.replace(/^\/functions\/v1(?=\/)/, "");
  const prefix = `/${contactFunction.name}`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * The function's router, and only that: each path's walk is one function in the room that owns
 * it (README.md beside this file). Every route gets the same settings, providers, clock and log.
 */
export function createContactHandler(
  deps: ContactHandlerDeps,
): (request: Request) => Promise<Response> {
  const log: Log = deps.log ?? ((message, detail) => console.error(message, detail ?? ""));
  const shared = {
    config: deps.config,
    providers: deps.providers,
    database: () => requireDatabase(deps.db),
    now: deps.now ?? (() => new Date()),
    log,
    runInBackground:
      deps.runInBackground ??
      ((task: Promise<unknown>) => {
        task.catch((error: unknown) => log("background task failed", error));
      }),
    beaconSlots: slots(deps.config.visits.concurrency, deps.config.visits.queue),
    limitedVisitors: limitedVisitors(),
    clientTurns: clientTurns(maxInFlightFor(deps.config.rateLimit.max)),
  };
  // A deployed project without a safe secret or alert provider keeps taking leads, and says why
  // on every request.
  const unsafe = [
    ...Object.values(deps.config.unsafeSecrets),
    ...Object.values(deps.config.unsafeProviders),
  ];
  return async function route(request: Request): Promise<Response> {
    for (const message of unsafe) log(message);
    const path = routeOf(request.url);
    const ownerLink = {
      ...shared,
      contactLink: deps.config.contactLink,
      allowedOrigins: deps.config.allowedOrigins,
      now: shared.now(),
    };
    if (path.startsWith(markContactedRoute)) {
      return await answerContactedRoute(request, path, ownerLink);
    }
    if (path.startsWith(leadOutcomeRoute))
      return await answerOutcomeRoute(request, path, ownerLink);
    // The homeowner's one-tap link from a review email: no API key, no CORS, plain text.
    if (path.startsWith(reviewOptOutRoute)) {
      return await answerReviewOptOutRoute(request, path, {
        ...shared,
        contactLink: deps.config.contactLink,
      });
    }
    // Twilio's receipts: no API key, and no CORS headers whatever the Origin.
    if (path === smsStatusRoute) return await answerSmsStatusRoute(request, shared);
    const cors = corsHeaders(request.headers.get("origin"), deps.config.allowedOrigins);
    if (path === deliverRoute) return await answerDeliverRoute(request, shared, cors);
    if (path === visitRoute) return await answerVisitRoute(request, shared, cors);
    if (path === "" || path === "/") return await answerSubmitRoute(request, shared);
    return errorResponse(404, errors.notFound, cors);
  };
}
