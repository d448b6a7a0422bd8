// @ts-types="@types/pg"
import pg from "pg";
import sql, { type RawValue, raw } from "sql-template-tag";

/**
 * The tools' and the tests' PostgreSQL client, the function's own: node-postgres (pg), with each
 * statement a sql-template-tag template whose values travel apart from its text. postgres.js was
 * dropped for its pool bug (docs/local-stack.md, "One PostgreSQL client"). Node imports this file
 * as @bluewater/postgres/client, the function's Deno tests by its path.
 */
export { raw };

/** Runs statements on a pool, one held connection, or one transaction, and answers their rows. */
export interface Sql {
  /** One statement, as a template: `${value}`s are its parameters, never spliced into its text. */
  <Rows extends readonly object[] = Record<string, unknown>[]>(
    strings: TemplateStringsArray,
    ...values: RawValue[]
  ): Promise<Rows>;
  /** Trusted text as it is, parameters and all: a script of several statements, or one. */
  unsafe<Rows extends readonly object[] = Record<string, unknown>[]>(
    text: string,
    values?: readonly unknown[],
  ): Promise<Rows>;
}

/** One connection of the pool, held until released; `release(true)` closes it instead. */
export interface Session extends Sql {
  release(close?: boolean): void;
}

export interface Database extends Sql {
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  begin<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  reserve(): Promise<Session>;
  end(): Promise<void>;
}

type Queryable = pg.Pool | pg.PoolClient;

function runOn(db: Queryable): Sql {
  async function run<Rows>(query: string | pg.QueryConfig, values?: unknown[]): Promise<Rows> {
    const result: pg.QueryResult | pg.QueryResult[] = await db.query(query, values);
    // A script answers each statement's result: its rows are the last one's. The caller names
    // the rows' type, as pg's own query<Row> has it: the database decides them, not this code.
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Rows;
  }
  return Object.assign(
    <Rows>(strings: TemplateStringsArray, ...values: RawValue[]) =>
      run<Rows>(sql(strings, ...values)),
    {
      unsafe: <Rows>(text: string, values: readonly unknown[] = []) => run<Rows>(text, [...values]),
    },
  );
}

/**
 * A connection the server ends (a stopped server, a terminated session) is reported as an event,
 * which ends the process when nothing listens: these note it, and the next query fails instead.
 */
const ignoreConnectionError = () => {};

async function held(pool: pg.Pool): Promise<Session> {
  const client = await pool.connect();
  client.on("error", ignoreConnectionError);
  return Object.assign(runOn(client), {
    release: (close = false) => {
      client.off("error", ignoreConnectionError);
      client.release(close);
    },
  });
}

export interface ConnectOptions {
  /** Connections at once; 1 unless the caller runs statements side by side. */
  max?: number;
  connectTimeoutSeconds?: number;
}

/** A pool of connections to `url`. */
export function connect(url: string, { max = 1, connectTimeoutSeconds = 10 }: ConnectOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutSeconds * 1000,
  });
  pool.on("error", ignoreConnectionError);
  const database: Database = Object.assign(runOn(pool), {
    async begin<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const session = await held(pool);
      let failed = false;
      try {
        await session.unsafe("begin");
        const result = await work(session);
        await session.unsafe("commit");
        return result;
      } catch (error) {
        failed = true;
        await session.unsafe("rollback").catch(() => undefined);
        throw error;
      } finally {
        session.release(failed);
      }
    },
    reserve: () => held(pool),
    end: () => pool.end(),
  });
  return database;
}
