/** Background tabs never paint; they count as painted after this long (they start on an act). */
const hiddenTabFallbackMs = 1500;

/**
 * Calls `painted` once the first view is on screen, with the first contentful paint's time when
 * the page was painted (a background tab is not, and gets none).
 */
export function afterFirstPaint(painted: (paintedAt: number | undefined) => void): void {
  let started = false;
  const once = (paintedAt: number | undefined) => {
    if (started) return;
    started = true;
    painted(paintedAt);
  };
  // A callback queued from inside a frame callback runs in the next frame, after a paint.
  const afterNextFrame = (paintedAt: number | undefined) =>
    requestAnimationFrame(() => requestAnimationFrame(() => once(paintedAt)));
  // The first-contentful-paint entry is reported once that frame is on screen, so anything
  // started from here cannot delay it. This script runs once the whole page is parsed; a first
  // paint from before then may show only its top (Chrome paints what it has parsed so far), and
  // the frame with the rest, the hero, comes next: the app waits for it too.
  const scriptStart = performance.now();
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      const [paint] = entries.getEntriesByName("first-contentful-paint");
      if (!paint) return;
      observer.disconnect();
      if (paint.startTime < scriptStart) afterNextFrame(paint.startTime);
      else setTimeout(() => once(paint.startTime), 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    afterNextFrame(scriptStart);
  }
  setTimeout(() => once(undefined), hiddenTabFallbackMs);
}
