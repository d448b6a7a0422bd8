import { contactAnswerErrors as errors } from "@bluewater/content/contact";
import { pruneRateLimits } from "../intake/rateLimit.ts";
import { recordDelivererRun } from "../outbox/delivererHeartbeat.ts";
import { queueDueEscalations } from "../outbox/escalation.ts";
import { ownerNotifications } from "../outbox/notificationKinds.ts";
import {
  deliverPendingNotifications,
  deliveryContextFor,
  type Providers,
} from "../outbox/notificationQueue.ts";
import type { FunctionConfig } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { errorResponse, jsonResponse } from "../platform/http.ts";
import { hasSecret } from "../platform/secrets.ts";

export interface DeliverRouteDeps {
  config: FunctionConfig;
  providers: Providers;
  database: () => Database;
  now: () => Date;
  log: Log;
}

/** The path below the function that the scheduled deliverer posts to. */
export const deliverRoute = "/deliver";

/**
 * The scheduled deliverer's entry: Supabase Cron (pg_net) or the local stack POSTs here with the
 * shared secret. It escalates the leads whose time ran out unmarked, then sends everything due,
 * those included, then clears rate-limit windows nobody needs any more.
 */
export async function answerDeliverRoute(
  request: Request,
  deps: DeliverRouteDeps,
  cors: Headers,
): Promise<Response> {
  const { config } = deps;
  if (request.method !== "POST") return errorResponse(405, errors.method, { allow: "POST" });
  // Fail closed: with a missing or published secret anyone could run the deliverer.
  const unsafe = config.unsafeSecrets.DELIVERER_SECRET;
  if (unsafe) return errorResponse(503, unsafe);
  if (!hasSecret(request.headers.get("x-deliverer-secret"), config.delivererSecret)) {
    return errorResponse(401, "Missing or wrong x-deliverer-secret.");
  }
  try {
    const db = deps.database();
    const at = deps.now();
    await recordDelivererRun(db, at);
    const escalated = await queueDueEscalations(db, at, ownerNotifications(config, "escalation"));
    const context = deliveryContextFor(config, deps.providers);
    const report = await deliverPendingNotifications(db, at, context, { limit: 50 });
    const prunedRateLimitWindows = await pruneRateLimits(db, at);
    return jsonResponse(200, { ...report, escalated, prunedRateLimitWindows });
  } catch (error) {
    const failure = failureOf(error, deps.log);
    const headers = new Headers(cors);
    if (failure.retryAfterSeconds) headers.set("retry-after", String(failure.retryAfterSeconds));
    return errorResponse(failure.status, failure.error, headers);
  }
}
