/**
 * The page's first script. The HTML is already the whole page and works without any script (its
 * links, menu, FAQ and form are native); the app only makes it nicer. So the app is fetched when
 * the visitor first does something (touches, scrolls, moves the mouse, presses a key, focuses a
 * field), and never before the first frame has been painted: a visitor who only reads costs the
 * phone no script at all, and one who acts gets the app while the page's own controls already
 * answer. The app comes in chunks (React, the other libraries, the words, the page), listed by the
 * build in the script tag's `data-app-chunks` in that order, fetched together and evaluated one
 * per task, so that no single task blocks a tap for long.
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

/** Whether a native popover (the menu, the chat offer) is open; false where popovers don't exist. */
function popoverOpen(): boolean {
  return "popover" in HTMLElement.prototype && document.querySelector(":popover-open") !== null;
}

/**
 * What a visitor does first, on a phone or a computer; each one starts the app. `click` too: a
 * screen reader's activation (VoiceOver's double tap) may bring a click without the pointer
 * events before it.
 */
const visitorEvents = [
  "pointerdown",
  "pointermove",
  "touchstart",
  "wheel",
  "scroll",
  "keydown",
  "focusin",
  "click",
];

/**
 * Calls `act` once, at the visitor's first sign of life. Listened for in the capture phase, so a
 * handler that stops an event cannot hide it, and passively, so scrolling is never held up. Some
 * acts may come before this script runs (it runs once the page is parsed): a focused field, an
 * open menu or offer, or a page already scrolled count too.
 */
function whenTheVisitorActs(act: () => void): void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    for (const type of visitorEvents) removeEventListener(type, once, options);
    act();
  };
  const focused = document.activeElement;
  const alreadyActed =
    window.scrollY > 0 || (focused !== null && focused !== document.body) || popoverOpen();
  if (alreadyActed) {
    act();
    return;
  }
  for (const type of visitorEvents) addEventListener(type, once, options);
}

function loadTheApp(): void {
  // `pnpm dev` serves modules unbundled: there are no chunks to list, only the entry.
  if (import.meta.env.DEV) {
    import("./main.tsx").catch((error: unknown) => console.error(error));
    return;
  }
  const chunks =
    document.querySelector<HTMLScriptElement>("script[data-app-chunks]")?.dataset.appChunks;
  startApp(JSON.parse(chunks ?? "[]") as string[]).catch((error: unknown) => console.error(error));
}

smoothScrollOnceSettled();
// The app starts once both have happened: the first view is on screen, and the visitor acted.
let painted = false;
let acted = false;
const startWhenBoth = () => {
  if (painted && acted) loadTheApp();
};
whenTheVisitorActs(() => {
  acted = true;
  startWhenBoth();
});
afterFirstPaint(() => {
  linkWebManifest();
  painted = true;
  startWhenBoth();
});
