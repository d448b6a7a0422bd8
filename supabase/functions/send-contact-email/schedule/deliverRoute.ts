import { contactAnswerErrors as errors } from "@bluewater/content/contact";
import { pruneRequestKeys } from "../intake/leadStore.ts";
import { recordDelivererRun } from "../outbox/delivererHeartbeat.ts";
import { queueDueEscalations } from "../outbox/escalation.ts";
import { ownerNotifications } from "../outbox/notificationKinds.ts";
import {
  deliverPendingNotifications,
  deliveryContextFor,
  type Providers,
} from "../outbox/notificationQueue.ts";
import { queueReviewRequests } from "../outbox/reviewRequests.ts";
import { resendUndeliveredTexts } from "../outbox/smsReceipts.ts";
import type { FunctionConfig } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";
import { type Failure, failureOf, type Log } from "../platform/failure.ts";
import { functionUrlFor } from "../platform/functionUrl.ts";
import { errorResponse, jsonResponse } from "../platform/http.ts";
import { pruneRateLimits } from "../platform/rateLimit.ts";
import { hasSecret } from "../platform/secrets.ts";
import { pruneVisits } from "../visits/visitStore.ts";
import { queueWeeklyReport } from "./weeklyReport.ts";

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
 * shared secret. It escalates the leads whose time ran out unmarked, queues again the alert texts
 * that did not arrive, the review requests of finished jobs (and their reminders) and, on Monday
 * mornings, the owner's weekly report, then sends everything
 * due, those included, then forgets what nobody needs any more. Each step runs alone: one that
 * fails (a report too large for its column, a database error) is logged and named in the answer's
 * `failedSteps`, and the others still run, so no data can stop the deliveries.
 */
export async function answerDeliverRoute(
  request: Request,
  deps: DeliverRouteDeps,
  cors: Headers,
): Promise<Response> {
  const { config } = deps;
  if (request.method !== "POST") return errorResponse(405, errors.method, { allow: "POST" });
  // Fail closed: a missing, published or guessable secret is no secret (config.ts leaves it
  // undefined), so nobody runs the deliverer. The caller is told 401 only: why is the operator's
  // to read, in the log line every request writes (handler.ts), never a stranger's.
  if (!hasSecret(request.headers.get("x-deliverer-secret"), config.delivererSecret)) {
    return errorResponse(401, "Missing or wrong x-deliverer-secret.");
  }
  // Nothing is sent, retried or escalated through a provider that only prints: every alert
  // stays queued, and goes out once the provider is fixed.
  const printing = Object.values(config.unsafeProviders);
  if (printing.length > 0) return errorResponse(503, printing.join(" "));
  let db: Database;
  try {
    db = deps.database();
  } catch (error) {
    const failure = failureOf(error, deps.log);
    return errorResponse(failure.status, failure.error, cors);
  }
  const at = deps.now();
  const { step, failedSteps, failures } = stepRunner(deps.log);
  const escalated = await step("escalations", () =>
    queueDueEscalations(db, at, ownerNotifications(config, "escalation")),
  );
  const resent = await step("resends", () => resendUndeliveredTexts(db, at));
  const reviews = await step("reviews", () => queueReviewRequests(db, at, config.reviews));
  const ownerReport = await step("report", () => queueWeeklyReport(db, at, config));
  const context = deliveryContextFor(
    config,
    deps.providers,
    functionUrlFor(request, config.functionUrl),
  );
  const report = await step("deliveries", () =>
    deliverPendingNotifications(db, at, context, { limit: 50 }),
  );
  const pruned = await step("pruning", () => pruneExpired(db, at, config));
  // The heartbeat says the deliverer works: a run with a failed step leaves it as it was, so the
  // owner's warning about a stopped deliverer fires when a step fails run after run.
  if (failedSteps.length === 0) await step("heartbeat", () => recordDelivererRun(db, at));
  const body = { ...report, escalated, resent, reviews, ownerReport, ...pruned, failedSteps };
  return stepsAnswer(body, failures, cors);
}

/** Runs each step alone: a step that fails is logged and named, and the next one still runs. */
function stepRunner(log: DeliverRouteDeps["log"]) {
  const failedSteps: DeliverStep[] = [];
  const failures: Failure[] = [];
  const step = async <T>(name: DeliverStep, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      log(`deliverer step "${name}" failed`);
      failures.push(failureOf(error, log));
      failedSteps.push(name);
      return undefined;
    }
  };
  return { step, failedSteps, failures };
}

/** 200 when every step ran; else the failure's status, with the reason and what did run. */
function stepsAnswer(body: Record<string, unknown>, failures: Failure[], cors: Headers) {
  if (failures.length === 0) return jsonResponse(200, body);
  // The database down fails every step: the caller is told to retry, as a lead's would be.
  const failure = failures.find((each) => each.status === 503) ?? failures[0];
  const headers = new Headers(cors);
  if (failure?.retryAfterSeconds) headers.set("retry-after", String(failure.retryAfterSeconds));
  return jsonResponse(failure?.status ?? 500, { error: failure?.error, ...body }, headers);
}

/** The deliverer's steps, each run alone, named in `failedSteps` when it fails. */
export type DeliverStep =
  | "escalations"
  | "resends"
  | "reviews"
  | "report"
  | "deliveries"
  | "pruning"
  | "heartbeat";

/**
 * Forgets what nobody needs any more: rate-limit hits out of their window, copies' further keys
 * past a week, visits past 13 months.
 */
async function pruneExpired(db: Database, at: Date, config: FunctionConfig) {
  // Leads and beacons keep their hits in one table: forget only what left the longer window.
  const windowSeconds = Math.max(
    config.rateLimit.windowSeconds,
    config.visits.rateLimit.windowSeconds,
  );
  const prunedRateLimits = await pruneRateLimits(db, at, { ...config.rateLimit, windowSeconds });
  const prunedRequestKeys = await pruneRequestKeys(db, at);
  return { prunedRateLimits, prunedRequestKeys, prunedVisits: await pruneVisits(db, at) };
}
