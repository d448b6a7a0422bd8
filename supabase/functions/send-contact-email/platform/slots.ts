/**
 * At most `size` tasks of one kind run at once in this function instance; up to `queue` more wait
 * their turn, in order; past that a task is refused at once. Beacons use it so that they never
 * take more of the database pool than their share (visits/visitRoute.ts), a client's leads so
 * that they run one at a time (intake/clientTurns.ts).
 */
export function slots(size: number, queue: number) {
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
    /** True when nothing runs or waits. */
    idle: () => busy === 0,
  };
}

export type Slots = ReturnType<typeof slots>;
