import { connect, type Database } from "../../../tools/postgres/src/client.ts";

export type StuckSessionMode = "idle-in-transaction" | "long-statement";

/**
 * A session on `url` that holds an exclusive lock on the leads table, idle in its transaction or
 * running a minute-long statement; `release` closes it. It asks the server to check every second
 * that its client is still there, so the server ends the sleep (and frees the lock) soon after.
 */
export async function holdStuckSession(
  url: string,
  mode: StuckSessionMode,
): Promise<{ release(): Promise<void> }> {
  const sql = connect(url);
  const session = await sql.reserve();
  await session.unsafe("begin");
  await session.unsafe("set local client_connection_check_interval = 1000");
  await session.unsafe("lock table public.contact_requests in access exclusive mode");
  const sleeping =
    mode === "long-statement"
      ? session.unsafe("select pg_sleep(60)").catch(() => undefined)
      : undefined;
  return {
    async release() {
      // Closed, not returned: the server ends the session, its lock and its statement with it.
      session.release(true);
      await sql.end();
      await sleeping;
    },
  };
}

/** Resolves once a session of the test's database waits for a lock another session holds. */
export function untilASessionWaitsOnALock(sql: Database): Promise<void> {
  return untilSessionsWaitOnALock(sql, 1);
}

/** Resolves once `count` sessions of the test's database wait for locks others hold. */
export async function untilSessionsWaitOnALock(sql: Database, count: number): Promise<void> {
  for (;;) {
    const [waiting] = await sql<{ count: number }[]>`
      select count(*)::int from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if ((waiting?.count ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs two deliveries whose records both wait for the lead, which another session holds: the
 * first at `first`, the second at `second` once the first waits, so each records on a snapshot
 * taken before the other's commit. Then lets the lead go and waits for both.
 */
export async function twoDeliveriesBehindTheLead(
  url: string,
  sql: Database,
  deliver: (now: Date) => Promise<unknown>,
  [first, second]: readonly [Date, Date],
): Promise<void> {
  const holder = connect(url);
  try {
    const session = await holder.reserve();
    await session.unsafe("begin");
    await session.unsafe("select 1 from public.contact_requests for update");
    const firstDelivery = deliver(first);
    await untilSessionsWaitOnALock(sql, 1);
    const secondDelivery = deliver(second);
    await untilSessionsWaitOnALock(sql, 2);
    await session.unsafe("commit");
    session.release();
    await Promise.all([firstDelivery, secondDelivery]);
  } finally {
    await holder.end();
  }
}
