import { contactAnswerErrors as errors } from "@bluewater/content/contact";
import { isDatabaseUnavailable } from "./database.ts";

/** Where the function reports what went wrong: the console, or a test's own list. */
export type Log = (message: string, detail?: unknown) => void;

export interface Failure {
  status: 500 | 503;
  error: string;
  retryAfterSeconds?: number;
}

/**
 * What a request that failed inside a route is told: try again in 30 s when the database is down
 * or busy, otherwise a 500 that reveals nothing of the cause (which goes to the log).
 */
export function failureOf(error: unknown, log: Log): Failure {
  if (isDatabaseUnavailable(error)) {
    log("database unavailable", error);
    return { status: 503, error: errors.unavailable, retryAfterSeconds: 30 };
  }
  log("unexpected error", error);
  return { status: 500, error: errors.unexpected };
}
