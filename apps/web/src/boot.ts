/**
 * The page's first script. The HTML is already the whole page and works without any script (its
 * links, menu, FAQ and form are native); the app only makes it nicer. So the app is fetched when
 * the visitor first does something (touches, scrolls, moves the mouse, presses a key, focuses a
 * field), or once they have been reading for a while, and never before the first frame has been
 * painted: a visitor who only glances at the page costs the phone no script at all, one who acts
 * gets the app while the page's own controls already answer, and one who reads gets it before
 * they reach for a control. With the app comes the code of what the visitor reached for (the
 * chat's panel, the form's sending code, a service's details), so the app can open it at once.
 * The app comes in chunks (React, the other libraries, the words, the page), listed by the build
 * in the script tag's `data-app-chunks` in that order, fetched together and evaluated one per
 * task, so that no single task blocks a tap for long.
 */
import "./styles.css";
import { measureVisit } from "./visit/visitBeacon.ts";

/** Background tabs never paint; they count as painted after this long (they start on an act). */
const hiddenTabFallbackMs = 1500;
/** A chunk that failed to arrive is asked for once more after this pause. */
const retryAfterMs = 1000;
/**
 * A visitor who has been reading this long after the first paint gets the app without acting:
 * on a slow phone it takes about two seconds to arrive and start, so it is running when a reader
 * reaches for the chat or a service's details. The tag's `data-start-after-reading-ms` overrides
 * it (the bench's preloaded variant sets 0).
 */
const defaultReadingMs = 3000;

/** What the build wrote on the script tag (apps/web/scripts/build.ts). */
interface BootSettings {
  /** The app's chunks, in evaluation order. */
  chunks: string[];
  /** The chunks of each piece of code loaded on demand, by the name elements carry in `data-prefetch`. */
  onDemand: Record<string, string[]>;
  /** The code a reader gets with the app: what they are likeliest to reach for first. */
  forReaders: string[];
  readingMs: number;
  /** Where the visit's beacon goes (src/visit/visitBeacon.ts). */
  visitUrl: string;
}

function bootSettings(): BootSettings {
  const data = document.querySelector<HTMLScriptElement>("script[data-app-chunks]")?.dataset;
  const reading = Number(data?.startAfterReadingMs);
  return {
    chunks: JSON.parse(data?.appChunks ?? "[]") as string[],
    onDemand: JSON.parse(data?.onDemand ?? "{}") as Record<string, string[]>,
    forReaders: JSON.parse(data?.forReaders ?? "[]") as string[],
    readingMs: Number.isFinite(reading) && reading >= 0 ? reading : defaultReadingMs,
    visitUrl: data?.visitUrl ?? "",
  };
}

/**
 * Calls `painted` once the first view is on screen, with the first contentful paint's time when
 * the page was painted (a background tab is not, and gets none).
 */
function afterFirstPaint(painted: (paintedAt: number | undefined) => void): void {
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

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
 * Starts the app, or leaves the working HTML page alone: the app hydrates only after every chunk
 * has arrived, so a lost chunk can never leave the page half started. `then` runs once they have
 * arrived, while they are evaluated.
 */
async function startApp(chunks: readonly string[], then: () => void): Promise<void> {
  const arrived = await Promise.all(chunks.map(fetchWithOneRetry));
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

/** Older browsers have no native popovers (nor `:popover-open`, which would throw). */
const popoversExist = "popover" in HTMLElement.prototype;

/** The open native popover (the menu, the chat's first view), if any. */
function openPopover(): Element | null {
  return popoversExist ? document.querySelector(":popover-open") : null;
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

/** The events whose target is what the visitor reached for. */
const reachingEvents = ["pointerdown", "touchstart", "focusin", "click"];

/** The on-demand code an element needs, named by its own or an ancestor's `data-prefetch`. */
function codeFor(target: EventTarget | Element | null): string | undefined {
  return target instanceof Element
    ? target.closest<HTMLElement>("[data-prefetch]")?.dataset.prefetch
    : undefined;
}

/**
 * Calls `act` at the visitor's first sign of life, and `reach` with the on-demand code of each
 * element they touch or focus, from the start. Listened for in the capture phase, so a handler
 * that stops an event cannot hide it, and passively, so scrolling is never held up. Some acts may
 * come before this script runs (it runs once the page is parsed): a focused field, an open menu
 * or offer, or a page already scrolled count too.
 */
function watchTheVisitor(act: () => void, reach: (code: string) => void): void {
  const options = { capture: true, passive: true } as const;
  const reached = (target: EventTarget | Element | null) => {
    const code = codeFor(target);
    if (code) reach(code);
  };
  const once = () => {
    for (const type of visitorEvents) removeEventListener(type, once, options);
    act();
  };
  for (const type of reachingEvents) addEventListener(type, (e) => reached(e.target), options);
  const focused = document.activeElement;
  const popover = openPopover();
  reached(focused);
  reached(popover);
  if (window.scrollY > 0 || (focused !== null && focused !== document.body) || popover) {
    act();
    return;
  }
  for (const type of visitorEvents) addEventListener(type, once, options);
}

/**
 * A tap on a link the app turns into more (a service's "Learn More", the finishing gallery), made
 * before the app runs, is followed by the browser at once (to the matching pictures), and handed
 * to the app once it runs, which then opens what the visitor asked for. Only the last such tap is
 * handed over, and none if the visitor has tapped anything else since.
 */
function handOverLinkTaps(): void {
  const root = document.documentElement;
  let tapped: HTMLAnchorElement | null = null;
  const onClick = (event: Event) => {
    const { target } = event;
    tapped = target instanceof Element ? target.closest("a[data-prefetch]") : null;
  };
  addEventListener("click", onClick, { capture: true, passive: true });
  new MutationObserver((_, observer) => {
    if (!root.dataset.hydrated) return;
    observer.disconnect();
    removeEventListener("click", onClick, { capture: true });
    if (tapped?.isConnected) tapped.click();
  }).observe(root, { attributeFilter: ["data-hydrated"] });
}

/**
 * A link in a popover outside the app's root (the chat's first view) to somewhere on the page
 * closes the popover, which would otherwise stay over what the visitor went to see, and would be
 * taken by the app for a chat the visitor still wants. The app closes its own popovers.
 */
function closePopoversOnLeave(): void {
  const onClick = (event: Event) => {
    const { target } = event;
    const link = target instanceof Element ? target.closest('a[href^="#"]') : null;
    const popover = link?.closest<HTMLElement>("[popover]");
    if (popoversExist && popover?.matches(":popover-open") && !popover.closest("#root")) {
      popover.hidePopover();
    }
  };
  addEventListener("click", onClick, { capture: true, passive: true });
}

function main(): void {
  // `pnpm dev` serves modules unbundled: there are no chunks to list, only the entry.
  if (import.meta.env.DEV) {
    import("./main.tsx").catch((error: unknown) => console.error(error));
    return;
  }
  const settings = bootSettings();
  const visit = measureVisit(settings.visitUrl);
  handOverLinkTaps();
  // The on-demand code fetched so far, or wanted once the app's own chunks have arrived.
  const wanted = new Set<string>();
  const fetched = new Set<string>();
  let appArrived = false;
  const fetchWanted = () => {
    for (const code of wanted) {
      for (const href of settings.onDemand[code] ?? []) {
        if (fetched.has(href)) continue;
        fetched.add(href);
        // Only warms the cache: the app imports the code itself and handles a failure.
        fetch(href).catch(() => undefined);
      }
    }
  };
  const reach = (code: string) => {
    // Once the app runs, it loads what the visitor reaches for itself.
    if (document.documentElement.dataset.hydrated) return;
    wanted.add(code);
    // Fetched after the app's own chunks, which it needs first, while they are evaluated.
    if (appArrived) fetchWanted();
  };

  let painted = false;
  let started = false;
  const start = (readOnly: boolean) => {
    if (!painted || started) return;
    started = true;
    if (readOnly) for (const code of settings.forReaders) wanted.add(code);
    startApp(settings.chunks, () => {
      appArrived = true;
      fetchWanted();
    }).catch((error: unknown) => console.error(error));
  };
  let acted = false;
  watchTheVisitor(() => {
    visit.acted();
    acted = true;
    start(false);
  }, reach);
  afterFirstPaint((paintedAt) => {
    linkWebManifest();
    painted = true;
    if (acted) start(false);
    else if (paintedAt !== undefined) {
      setTimeout(() => start(true), paintedAt + settings.readingMs - performance.now());
    }
  });
}

smoothScrollOnceSettled();
closePopoversOnLeave();
main();
