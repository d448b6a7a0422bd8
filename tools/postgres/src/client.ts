// @ts-types="@types/pg"
import pg from "pg";
import sql, { type RawValue, raw } from "sql-template-tag";

/**
 * The tools' and the tests' PostgreSQL client, the function's own: node-postgres (pg), each
 * statement a sql-template-tag template whose values travel apart from its text
 * (docs/local-stack.md, "One PostgreSQL client").
 */
export { raw };

/** Runs statements on a pool, one held connection or one transaction, and answers their rows. */
export interface Sql {
  <Rows extends readonly object[] = Record<string, unknown>[]>(
    strings: TemplateStringsArray,
    ...values: RawValue[]
  ): Promise<Rows>;
  /** Trusted text as it is: a script of several statements (its last one's rows), or one. */
  unsafe<Rows extends readonly object[] = Record<string, unknown>[]>(
    text: string,
    values?: readonly unknown[],
  ): Promise<Rows>;
}

/** One connection of the pool, held until released; `release(true)` closes it instead. */
export type Session = Sql & { release(close?: boolean): void };

export interface Database extends Sql {
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  begin<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  reserve(): Promise<Session>;
  end(): Promise<void>;
}

function runOn(db: pg.Pool | pg.PoolClient): Sql {
  // The caller names the rows' type, as with pg's own query<Row>: the database decides them.
  const run = async <Rows>(query: string | pg.QueryConfig, values?: readonly unknown[]) => {
    const result: pg.QueryResult | pg.QueryResult[] = await db.query(query, values && [...values]);
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Rows;
  };
  const tagged = <Rows>(strings: TemplateStringsArray, ...values: RawValue[]) =>
    run<Rows>(sql(strings, ...values));
  return Object.assign(tagged, { unsafe: run });
}

/**
 * A connection the server ends (a stopped server, a terminated session) is reported as an event,
 * which ends the process when nothing listens: this listens, and the next query fails instead.
 */
const ignore = () => {};

async function held(pool: pg.Pool): Promise<Session> {
  const client = await pool.connect();
  // pg closes a connection that failed rather than return it to the pool.
  return Object.assign(runOn(client), { release: (close = false) => client.release(close) });
}

/** A pool of `max` connections to `url`. */
export function connect(url: string, { max = 1, connectTimeoutSeconds = 10 } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutSeconds * 1000,
  });
  pool.on("error", ignore);
  // Once per connection, not per hold: a pooled connection is held again and again.
  pool.on("connect", (client) => client.on("error", ignore));
  async function begin<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const tx = await held(pool);
    try {
      await tx.unsafe("begin");
      const result = await work(tx);
      await tx.unsafe("commit");
      return result;
    } catch (error) {
      await tx.unsafe("rollback").catch(ignore);
      throw error;
    } finally {
      tx.release();
    }
  }
  return Object.assign(runOn(pool), { begin, reserve: () => held(pool), end: () => pool.end() });
}
