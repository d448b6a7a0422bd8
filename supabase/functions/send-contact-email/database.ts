import postgres from "postgres";

export type Database = postgres.Sql;

/**
 * Seconds before a closed connection reconnects, after `retries` failed attempts in a row.
 * postgres.js's default grows to 10–20 s after a dozen failures, and a blip of a fraction of a
 * second makes that many (each waiting query tries): visitors then waited up to 20 s for a
 * database that was back long before (measured by tests/databaseRestart.test.ts). A second is
 * the most a visitor waits here; five connections per instance cannot storm the database.
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(1, 0.05 * 2 ** retries);
}

/**
 * How long the function waits on the database, so a visitor always gets an answer in time (a 503
 * with Retry-After rather than a hang) however another session misbehaves: at most 5 s to connect,
 * 3 s waiting for a lock another session holds, 5 s for a statement. Sent as startup parameters,
 * which Postgres applies to the session and the embedded stack's server honours too (waiting for
 * its one backend counts as waiting for a lock); see docs/local-stack.md.
 */
export const databaseTimeouts = {
  connectSeconds: 5,
  lockMs: 3000,
  statementMs: 5000,
  /** Our own transactions never idle; one that does is ended by the server, not kept open. */
  idleInTransactionMs: 10_000,
} as const;

/**
 * One small pool per function instance. Named prepared statements are off because the platform's
 * transaction pooler and the embedded PGlite (one shared backend) cannot keep them per client.
 */
export function connectDatabase(url: string, max: number): Database {
  return postgres(url, {
    max,
    prepare: false,
    backoff: reconnectDelaySeconds,
    connect_timeout: databaseTimeouts.connectSeconds,
    idle_timeout: 30,
    max_lifetime: 30 * 60,
    onnotice: () => {},
    connection: {
      application_name: "send-contact-email",
      lock_timeout: databaseTimeouts.lockMs,
      statement_timeout: databaseTimeouts.statementMs,
      idle_in_transaction_session_timeout: databaseTimeouts.idleInTransactionMs,
    },
  });
}

const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // SQLSTATE: too many connections, admin/crash shutdown, cannot connect now.
  "53300",
  "57P01",
  "57P02",
  "57P03",
  // SQLSTATE: a timeout above ended the wait (lock, statement), or the server ended a session
  // (idle in transaction, transaction too long, idle): the database is busy, a retry will do.
  "55P03",
  "57014",
  "25P03",
  "25P04",
  "57P05",
]);

/**
 * True when the database could not be reached or did not answer in time, as opposed to a query
 * that failed: the visitor is asked to try again (503 with Retry-After).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const code = "code" in error ? String(error.code) : "";
  if (unavailableCodes.has(code) || code.startsWith("08")) return true;
  const cause = "cause" in error ? error.cause : undefined;
  if (cause !== undefined && cause !== error && isDatabaseUnavailable(cause)) return true;
  const errno = "errno" in error ? String(error.errno) : "";
  return unavailableCodes.has(errno);
}
