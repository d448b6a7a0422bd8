import { contactFunction } from "@bluewater/content/contact";
// @ts-types="@types/pg"
import pg from "pg";

/**
 * The function's connection pool: node-postgres (pg). postgres.js, used before, cannot survive a
 * restart of the database under load (3.4.9: porsager/postgres#1154, #1208; LanternOps/breeze#3225):
 * a connection closed while a write was queued keeps a stale write timer, never sends its next
 * startup message and times out on every reconnect, and under Deno a queued write could also
 * throw outside any await and end the process. tests/databaseRestart.test.ts caught it: after a
 * restart of the embedded PostgreSQL, visitors got 503 for tens of seconds or waited forever.
 */
export type Database = pg.Pool;
/** A pool, or one connection inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * How long the function waits on the database, so a visitor always gets an answer in time (a 503
 * with Retry-After rather than a hang) however another session misbehaves: at most 5 s to connect,
 * 3 s waiting for a lock another session holds, 5 s for a statement. The three timeouts are
 * startup parameters PostgreSQL applies to the session; `queryMs` is the client's own bound, for
 * a server that stops answering altogether. See docs/function.md.
 */
export const databaseTimeouts = {
  connectMs: 5000,
  lockMs: 3000,
  statementMs: 5000,
  /** Our own transactions never idle; one that does is ended by the server, not kept open. */
  idleInTransactionMs: 10_000,
  queryMs: 8000,
} as const;

/**
 * One small pool per function instance. Statements are sent unnamed (pg prepares only when asked),
 * as Supabase's transaction pooler (Supavisor, advised for edge functions) requires.
 */
export function connectDatabase(url: string, max: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: databaseTimeouts.connectMs,
    idleTimeoutMillis: 30_000,
    maxLifetimeSeconds: 30 * 60,
    query_timeout: databaseTimeouts.queryMs,
    application_name: contactFunction.name,
    lock_timeout: databaseTimeouts.lockMs,
    statement_timeout: databaseTimeouts.statementMs,
    idle_in_transaction_session_timeout: databaseTimeouts.idleInTransactionMs,
  });
  // An idle connection the server closes (a restart, the pooler) is reported here and dropped
  // from the pool; without a listener the error would end the process.
  pool.on("error", (error) => console.error(`idle database connection closed: ${error.message}`));
  return pool;
}

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when
 * it throws. A connection that failed is discarded rather than returned to the pool.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const tx = await db.connect();
  let failure: Error | undefined;
  // A connection the server ends while it is checked out reports it here, not to the pool: without
  // a listener that would end the process. The next query on it then fails, and so does `work`.
  const noteFailure = (error: Error) => {
    failure ??= error;
  };
  tx.on("error", noteFailure);
  try {
    await tx.query("begin");
    const result = await work(tx);
    await tx.query("commit");
    return result;
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    await tx.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    tx.off("error", noteFailure);
    tx.release(failure !== undefined && isDatabaseUnavailable(failure) ? failure : undefined);
  }
}

const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
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

/** What pg says, without a code, when a connection ends or does not answer in time. */
const unavailableMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
];

/**
 * True when the database could not be reached or did not answer in time, as opposed to a query
 * that failed: the visitor is asked to try again (503 with Retry-After).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const code = "code" in error ? String(error.code) : "";
  if (unavailableCodes.has(code) || code.startsWith("08")) return true;
  const message = "message" in error ? String(error.message) : "";
  if (unavailableMessages.some((start) => message.startsWith(start))) return true;
  const cause = "cause" in error ? error.cause : undefined;
  if (cause !== undefined && cause !== error && isDatabaseUnavailable(cause)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

class DatabaseNotConfigured extends Error {
  override name = "DatabaseNotConfigured";
  code = "ECONNREFUSED";
}

/**
 * The pool, or, when no database URL is configured, an error every route answers as the database
 * being down (503): a misconfigured function asks visitors to try again, it never drops a lead.
 */
export function requireDatabase(db: Database | undefined): Database {
  if (!db) throw new DatabaseNotConfigured("SUPABASE_DB_URL is not set");
  return db;
}
