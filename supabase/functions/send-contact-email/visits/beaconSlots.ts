/**
 * How many beacons this function instance stores at once. Beacons share the database pool with
 * leads; past this many, a beacon is refused at once (503) rather than queued for a connection,
 * so that a flood of visits, real or forged, can never keep a lead waiting.
 */
export function beaconSlots(size: number) {
  let busy = 0;
  return {
    /** Runs `work` in a free slot, or returns undefined at once when every slot is busy. */
    async tryRun<T>(work: () => Promise<T>): Promise<T | undefined> {
      if (busy >= size) return undefined;
      busy += 1;
      try {
        return await work();
      } finally {
        busy -= 1;
      }
    },
  };
}

export type BeaconSlots = ReturnType<typeof beaconSlots>;
