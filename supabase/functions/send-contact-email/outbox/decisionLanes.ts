import type { Database } from "../platform/database.ts";

interface Lane {
  /** The run under way or queued last: the next one starts after it. */
  last: Promise<void>;
  /** A run queued behind `last` and not started yet: a caller joins it instead of queueing one. */
  queued: { now: Date; done: Promise<void> } | undefined;
}

/** One set of lanes per pool, so that two handlers in one process (tests) never share a run. */
const lanesOf = new WeakMap<Database, Map<string, Lane>>();

/**
 * Runs a budget decision (textBudget.ts, acknowledgmentPolicy.ts) for `key` in this instance, one
 * run at a time, folding callers together. Each run decides everything that waits for that
 * budget, so a caller whose rows were committed before a run started is served by it: a caller
 * that finds a run under way joins the one queued behind it (at the latest `now` of its callers),
 * or queues it. So at most one connection of the pool waits on the decision's lock per key, never
 * one per lead: before, 25 leads at once each held a connection waiting on the owner number's
 * lock, and the leads being stored waited for the pool behind them.
 */
export function decideInLane(
  db: Database,
  key: string,
  now: Date,
  decide: (now: Date) => Promise<void>,
): Promise<void> {
  const lanes = lanesOf.get(db) ?? new Map<string, Lane>();
  lanesOf.set(db, lanes);
  const lane: Lane = lanes.get(key) ?? { last: Promise.resolve(), queued: undefined };
  lanes.set(key, lane);
  if (lane.queued) {
    if (now > lane.queued.now) lane.queued.now = now;
    return lane.queued.done;
  }
  const queued: { now: Date; done: Promise<void> } = { now, done: Promise.resolve() };
  queued.done = lane.last
    .catch(() => undefined)
    .then(() => {
      // Started: from now on a caller's rows may come after its reads, so it queues another.
      if (lane.queued === queued) lane.queued = undefined;
      return decide(queued.now);
    })
    .finally(() => {
      if (lane.last === queued.done) lanes.delete(key);
    });
  lane.queued = queued;
  lane.last = queued.done;
  return queued.done;
}
