import { visitAnswerErrors as errors, visitRoutePath } from "@bluewater/content/visit";
import { clientAddress, clientKey, hashClientAddress } from "../platform/clientAddress.ts";
import type { FunctionConfig } from "../platform/config.ts";
import { isAllowedOrigin } from "../platform/cors.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { errorResponse } from "../platform/http.ts";
import type { Slots } from "../platform/slots.ts";
import type { LimitedVisitors } from "./limitedVisitors.ts";
import { declinesMeasurement, readBeacon } from "./visitBeacon.ts";
import { storeVisit } from "./visitStore.ts";

export interface VisitRouteDeps {
  config: FunctionConfig;
  database: () => Database;
  now: () => Date;
  log: Log;
  /**
   * How many beacons this instance stores at once. Beacons share the database pool with leads;
   * they never take more than their slots of it, so a flood of visits, real or forged, can never
   * keep a lead waiting for a connection. Past the slots and their queue a beacon is refused (503).
   */
  beaconSlots: Slots;
  /** Clients past their visit limit, refused before a slot (visits/limitedVisitors.ts). */
  limitedVisitors: LimitedVisitors;
}

/** The path below the function that the page's beacon posts to. */
export const visitRoute = visitRoutePath;

/**
 * A page view's beacon (docs/owner-tools.md, "What the site brings"): from a listed site only,
 * nothing at all for a visitor with Global Privacy Control or Do Not Track, the body checked
 * against the visit schema, limited per address apart from the leads, and stored as one row,
 * answered 204. A refusal stores nothing. The browser reads none of the answers.
 */
export async function answerVisitRoute(
  request: Request,
  deps: VisitRouteDeps,
  cors: Headers,
): Promise<Response> {
  const { config } = deps;
  if (request.method !== "POST") {
    return errorResponse(405, errors.method, { ...Object.fromEntries(cors), allow: "POST" });
  }
  const origin = request.headers.get("origin");
  if (origin === null || !isAllowedOrigin(origin, config.allowedOrigins)) {
    return errorResponse(403, errors.forbiddenOrigin, cors);
  }
  if (declinesMeasurement(request.headers))
    return new Response(null, { status: 204, headers: cors });
  // Keyed apart from the leads' limit: a visitor's page views never use up their requests.
  const address = clientAddress(request.headers, config.clientAddressHeader);
  const addressHash = await hashClientAddress(`visit\n${clientKey(address)}`, config.ipHashSecret);
  try {
    // The body is read before a slot is taken, within its deadline: a sender that stalls it
    // holds nothing that other visitors' beacons need.
    const read = await readBeacon(request);
    if (!read.ok) return errorResponse(read.status, read.error, cors);
    const tooMany = (seconds: number) =>
      errorResponse(429, errors.tooMany(seconds), withRetryAfter(cors, seconds));
    const known = deps.limitedVisitors.retryAfter(addressHash, deps.now());
    if (known !== undefined) return tooMany(known);
    const answer = await deps.beaconSlots.tryRun(async () => {
      const now = deps.now();
      const stored = await storeVisit(
        deps.database(),
        read.beacon,
        addressHash,
        now,
        config.visits.rateLimit,
      );
      if (stored.allowed) return new Response(null, { status: 204, headers: cors });
      deps.limitedVisitors.remember(addressHash, now, stored.retryAfterSeconds);
      return tooMany(stored.retryAfterSeconds);
    });
    return answer ?? errorResponse(503, errors.busy, withRetryAfter(cors, 5));
  } catch (error) {
    const failure = failureOf(error, deps.log);
    return errorResponse(
      failure.status,
      failure.error,
      withRetryAfter(cors, failure.retryAfterSeconds),
    );
  }
}

function withRetryAfter(headers: Headers, seconds: number | undefined): Headers {
  const merged = new Headers(headers);
  if (seconds !== undefined) merged.set("retry-after", String(seconds));
  return merged;
}
