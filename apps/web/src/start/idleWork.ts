/**
 * Work nobody is waiting for (code fetched ahead of a tap, the Core Web Vitals' code) runs when
 * the browser is idle, and not while someone holds it: the contact form holds it while the visitor
 * fills it in or sends it, because on a slow phone's link that work would otherwise go out in the
 * pause before "Send" and the request would queue behind it (the figures: docs/page.md).
 */

/** Safari has no requestIdleCallback: there the work comes this long after it was asked for. */
const fallbackDelayMs = 1000;
/** A page that never goes idle still gets the work done after this long. */
const idleTimeoutMs = 3000;

let holds = 0;
/** Work that came due while held, resumed (waiting for idle again) once nothing holds it. */
const held = new Set<() => void>();

function onIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, fallbackDelayMs);
  return () => clearTimeout(timer);
}

/**
 * Runs `run` when the browser is first idle (at most 3 s away) and nothing holds idle work, or
 * soon after the last hold is released; returns how to cancel it.
 */
export function whenIdle(run: () => void): () => void {
  const resume = () => {
    cancel = onIdle(due);
  };
  const due = () => {
    if (holds === 0) {
      run();
      return;
    }
    held.add(resume);
    cancel = () => held.delete(resume);
  };
  let cancel = onIdle(due);
  return () => cancel();
}

/** Holds idle work until the returned function is called (once; later calls do nothing). */
export function holdIdleWork(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0) return;
    const resumed = [...held];
    held.clear();
    for (const resume of resumed) resume();
  };
}
