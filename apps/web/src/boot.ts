/**
 * The page's first script. The HTML is already the whole first view; this fetches the app only
 * after the first frame has been painted, so the phone's bandwidth and CPU go to what the visitor
 * sees first. The app comes in chunks (React, the other libraries, the words, the page) fetched together and
 * evaluated one per task, so that no single task blocks a tap for long. The build lists them in
 * the script tag's `data-app-chunks`, in that order.
 */
import "./styles.css";

/** Background tabs never paint; they start the app after this long anyway. */
const hiddenTabFallbackMs = 1500;

function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // The first-contentful-paint entry is reported once that frame is on screen, so anything
  // started from here cannot delay it.
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    // A callback queued from inside a frame callback runs in the next frame, after a paint.
    requestAnimationFrame(() => requestAnimationFrame(once));
  }
  setTimeout(once, hiddenTabFallbackMs);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startApp(chunks: readonly string[]): Promise<void> {
  for (const href of chunks) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await nextTask();
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
