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
 * One small pool per function instance. Named prepared statements are off because the platform's
 * transaction pooler and the embedded PGlite (one shared backend) cannot keep them per client.
 */
export function connectDatabase(url: string, max: number): Database {
  return postgres(url, {
    max,
    prepare: false,
    backoff: reconnectDelaySeconds,
    connect_timeout: 5,
    idle_timeout: 30,
    max_lifetime: 30 * 60,
    onnotice: () => {},
    connection: { application_name: "send-contact-email" },
  });
}

const unreachableCodes = new Set([
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
]);

/** True when the database could not be reached at all, as opposed to a query that failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const code = "code" in error ? String(error.code) : "";
  if (unreachableCodes.has(code) || code.startsWith("08")) return true;
  const cause = "cause" in error ? error.cause : undefined;
  if (cause !== undefined && cause !== error && isDatabaseUnavailable(cause)) return true;
  const errno = "errno" in error ? String(error.errno) : "";
  return unreachableCodes.has(errno);
}
