import { type Slots, slots } from "../platform/slots.ts";

/**
 * A client's leads take their turns in this function instance, one after another, before they
 * ask the database pool for a connection. The lead's transaction locks the client's rate limit
 * (platform/rateLimit.ts), so two of its leads never run side by side anyway; without these turns
 * a burst from one address filled the pool with connections waiting on that one lock, and every
 * other visitor waited behind them until the pool's connect timeout answered 503
 * (tests/intake/rateLimitFlood.test.ts and tests/outbox/textBudget.test.ts on a loaded machine).
 *
 * A client with `maxInFlight` leads already waiting or running here is refused at once: its
 * turns would only queue work that the rate limit refuses in the end (see `maxInFlightFor`).
 */
export function clientTurns(maxInFlight: number) {
  const clients = new Map<string, Slots>();
  return {
    /** Runs `work` in the client's next turn; undefined at once when too many are waiting. */
    async take<T>(client: string, work: () => Promise<T>): Promise<T | undefined> {
      const turns = clients.get(client) ?? slots(1, maxInFlight - 1);
      clients.set(client, turns);
      try {
        return await turns.tryRun(work);
      } finally {
        if (turns.idle()) clients.delete(client);
      }
    },
  };
}

/**
 * How many of one client's leads may wait or run at once: twice its rate limit, since more at the
 * same moment is a flood, but never fewer than 20, since a visitor tapping "send" again and again
 * sends copies, each owed the first one's answer, and copies never count against the limit.
 */
export function maxInFlightFor(rateLimitMax: number): number {
  return Math.max(2 * rateLimitMax, 20);
}

export type ClientTurns = ReturnType<typeof clientTurns>;
