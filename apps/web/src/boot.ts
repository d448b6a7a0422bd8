/**
 * The page's first script. The HTML is already the whole page and works without any script (its
 * links, menu and form are native); this fetches the app only after the first frame has been
 * painted, so the phone's bandwidth and CPU go to what the visitor sees first. The app comes in
 * chunks (React, the other libraries, the words, the page), listed by the build in the script
 * tag's `data-app-chunks` in that order, fetched together and evaluated one per task, so that no
 * single task blocks a tap for long.
 */
import "./styles.css";

/** Background tabs never paint; they start the app after this long anyway. */
const hiddenTabFallbackMs = 1500;
/** A chunk that failed to arrive is asked for once more after this pause. */
const retryAfterMs = 1000;

function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A callback queued from inside a frame callback runs in the next frame, after a paint.
  const afterNextFrame = () => requestAnimationFrame(() => requestAnimationFrame(once));
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
      if (paint.startTime < scriptStart) afterNextFrame();
      else setTimeout(once, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    afterNextFrame();
  }
  setTimeout(once, hiddenTabFallbackMs);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function arrives(href: string): Promise<boolean> {
  try {
    return (await fetch(href)).ok;
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
 * Starts the app, or leaves the working HTML page alone: the app hydrates only after every chunk
 * has arrived, so a lost chunk can never leave the page half started.
 */
async function startApp(chunks: readonly string[]): Promise<void> {
  const arrived = await Promise.all(chunks.map(fetchWithOneRetry));
  if (arrived.includes(false)) {
    console.warn("The page's app could not be loaded; the page keeps working without it.");
    return;
  }
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await pause(0);
  }
}

/**
 * The web manifest only matters for "Add to Home Screen"; linked from the HTML, Chrome would fetch
 * it and its icon on the way to the first paint.
 */
function linkWebManifest(): void {
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/site.webmanifest";
  document.head.append(link);
}

/**
 * In-page links glide (the stylesheet's `.smooth-scroll`), but only once the page has loaded and
 * the browser has put it where the address or the history says: opened at `/#request-sent`, the
 * visitor must not watch the whole page scroll by.
 */
function smoothScrollOnceSettled(): void {
  const enable = () =>
    requestAnimationFrame(() => document.documentElement.classList.add("smooth-scroll"));
  if (document.readyState === "complete") enable();
  else addEventListener("load", enable, { once: true });
}

smoothScrollOnceSettled();
const chunks =
  document.querySelector<HTMLScriptElement>("script[data-app-chunks]")?.dataset.appChunks;
afterFirstPaint(() => {
  linkWebManifest();
  // `pnpm dev` serves modules unbundled: there are no chunks to list, only the entry.
  if (import.meta.env.DEV) {
    import("./main.tsx").catch((error: unknown) => console.error(error));
    return;
  }
  startApp(JSON.parse(chunks ?? "[]") as string[]).catch((error: unknown) => console.error(error));
});
