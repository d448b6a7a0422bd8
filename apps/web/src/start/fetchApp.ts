/** A chunk that failed to arrive is asked for once more after this pause. */
const retryAfterMs = 1000;

/** A promise of a pause; `startApp` yields with it between chunks. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function arrives(href: string): Promise<boolean> {
  try {
    const response = await fetch(href);
    // Read to the end: the chunk is in the cache only once its whole body has arrived.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Fetches a chunk into the HTTP cache (the build serves chunks as immutable), asking once more if
 * it fails. A failed `import()` cannot be retried: the browser remembers the failure for that URL
 * for as long as the page lives, and every chunk importing it would fail too. So the chunks are
 * fetched first, and imported only once every one of them has arrived.
 */
async function fetchWithOneRetry(href: string): Promise<boolean> {
  if (await arrives(href)) return true;
  await pause(retryAfterMs);
  return arrives(href);
}

/**
 * Calls `start` on each item, one task each: asking for a file costs the main thread a few
 * milliseconds on a slow phone, and asking for many in one task would block a tap.
 */
export async function inTasksOfTheirOwn<T, R>(
  items: readonly T[],
  start: (item: T) => R,
): Promise<R[]> {
  const started: R[] = [];
  for (const item of items) {
    started.push(start(item));
    await pause(0);
  }
  return started;
}

/**
 * Starts the app, or leaves the working HTML page alone: the app hydrates only after every chunk
 * has arrived, so a lost chunk can never leave the page half started. `then` runs once they have
 * arrived, while they are evaluated.
 */
export async function startApp(chunks: readonly string[], then: () => void): Promise<void> {
  const arrived = await Promise.all(await inTasksOfTheirOwn(chunks, fetchWithOneRetry));
  if (arrived.includes(false)) {
    console.warn("The page's app could not be loaded; the page keeps working without it.");
    return;
  }
  then();
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await pause(0);
  }
}
