import type { Database as TestSql } from "../../../tools/postgres/src/client.ts";
import {
  connectDatabase,
  type Database,
} from "../../functions/send-contact-email/platform/database.ts";

/**
 * Rows and index entries read from `tables` so far, by every session, as PostgreSQL counts them:
 * by index, and each table's sequential scans as `<table> (sequential)`.
 */
async function readSoFar(sql: TestSql, tables: readonly string[]): Promise<Map<string, number>> {
  const rows = await sql<{ name: string; read: string }[]>`
    select indexrelname as name, idx_tup_read::text as read from pg_stat_user_indexes
    where schemaname = 'public' and relname = any(${tables})
    union all
    select relname || ' (sequential)', seq_tup_read::text from pg_stat_user_tables
    where schemaname = 'public' and relname = any(${tables})`;
  return new Map(rows.map((row) => [row.name, Number(row.read)]));
}

/** What `work` read: in all, and by index or table where it read anything. */
export interface Reads {
  total: number;
  by: Record<string, number>;
}

/**
 * How many rows and index entries (bitmap scans included) `work` reads from `tables`, run on a
 * pool of one connection. PostgreSQL keeps a session's counts to itself until it flushes them,
 * at most once a second: that connection forces a flush before and after, so nothing else but
 * `work`'s own statements falls between the two readings.
 */
export async function rowsRead(
  url: string,
  sql: TestSql,
  tables: readonly string[],
  work: (db: Database) => Promise<unknown>,
): Promise<Reads> {
  const db = connectDatabase(url, 1);
  const flush = () => db.query("select pg_stat_force_next_flush()");
  try {
    await flush();
    const before = await readSoFar(sql, tables);
    await work(db);
    await flush();
    const by: Record<string, number> = {};
    for (const [name, read] of await readSoFar(sql, tables)) {
      const more = read - (before.get(name) ?? 0);
      if (more !== 0) by[name] = more;
    }
    return { total: Object.values(by).reduce((sum, more) => sum + more, 0), by };
  } finally {
    await db.end();
  }
}

/**
 * Ends a pool that did other work on the database, once its sessions have flushed their counts:
 * a session that ends flushes them as it exits, so `rowsRead` counts nothing of theirs.
 */
export async function endFlushed(db: Database, sql: TestSql): Promise<void> {
  const backends = async () =>
    (
      await sql<{ pid: number }[]>`
      select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend'`
    ).length;
  const others = (await backends()) - db.totalCount;
  await db.end();
  for (let waited = 0; (await backends()) > others; waited += 20) {
    if (waited > 5000) throw new Error("the pool's sessions did not end within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A session leaves pg_stat_activity just before it flushes its counts.
  await new Promise((resolve) => setTimeout(resolve, 200));
}
