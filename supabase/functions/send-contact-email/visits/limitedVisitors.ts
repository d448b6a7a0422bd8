/** How many refused clients an instance remembers: a bound on its memory, whatever the flood. */
const remembered = 10_000;

/**
 * The clients this instance refused past their visit limit, and until when. Their next beacons
 * are answered 429 here, before a beacon slot is taken: the limit is checked in the database,
 * inside a slot, so without this a client already past it, flooding, would keep the slots and
 * their queue busy with refusals, and real visitors' beacons would be refused as busy (503).
 * A client's window frees only when its `Retry-After` has passed (refusals are not counted), so
 * nothing is refused here that the database would take.
 */
export function limitedVisitors() {
  const until = new Map<string, number>();
  return {
    /** Seconds until the client may send again, or undefined when it is not known to be limited. */
    retryAfter(client: string, now: Date): number | undefined {
      const end = until.get(client);
      if (end === undefined) return undefined;
      if (end <= now.getTime()) {
        until.delete(client);
        return undefined;
      }
      return Math.ceil((end - now.getTime()) / 1000);
    },
    remember(client: string, now: Date, retryAfterSeconds: number): void {
      // Full: forget the client remembered first, in constant time on a refusal's path; the
      // database still refuses it, in a slot.
      const oldest = until.keys().next();
      if (until.size >= remembered && !oldest.done) until.delete(oldest.value);
      until.set(client, now.getTime() + retryAfterSeconds * 1000);
    },
  };
}

export type LimitedVisitors = ReturnType<typeof limitedVisitors>;
