/**
 * How many beacons this function instance stores at once. Beacons share the database pool with
 * leads; they never take more than `size` of its connections, so a flood of visits, real or
 * forged, can never keep a lead waiting for one. A beacon that finds every slot busy waits its
 * turn, up to `queue` of them; past that it is refused at once (503) and never read.
 */
export function beaconSlots(size: number, queue = 50) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  };
  return {
    /** Runs `work` in a slot; undefined at once when the slots and the queue are full. */
    async tryRun<T>(work: () => Promise<T>): Promise<T | undefined> {
      if (busy >= size) {
        if (waiting.length >= queue) return undefined;
        // The slot is handed over by `release`, still counted as busy.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        busy += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

export type BeaconSlots = ReturnType<typeof beaconSlots>;
