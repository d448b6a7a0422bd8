import { pause } from "./fetchApp.ts";

/**
 * The page's first frame lays out the bar and the hero alone: until `<html data-laid-out>` is
 * set, the stylesheet leaves each section marked `data-lays-out-later` to the browser's
 * `content-visibility: auto`, which lays out only what is on screen. Once the first view is on
 * screen, this lays out the rest of the page in a task of its own, so no one task lays out the
 * whole page while the visitor is looking at it. See docs/page.md, "How the page loads".
 */
export async function layOutBelowTheHero(): Promise<void> {
  if (isLaidOutWhole()) return;
  // Out of the frame that called it: laid out in a frame's own task, the rest of the page was
  // painted in that task too, one task twice as long (150 ms at 2.5x) as either half.
  await pause(0);
  layOutWhole();
  // Reading a height lays the page out now, in this task; the next frame only paints it.
  void document.documentElement.offsetHeight;
}

function layOutWhole(): void {
  document.documentElement.setAttribute("data-laid-out", "");
}

function isLaidOutWhole(): boolean {
  return document.documentElement.hasAttribute("data-laid-out");
}

/**
 * A reload or Back puts the visitor back where they were as the page loads, which may come before
 * the first paint: such a page is laid out whole at once, as the boot script runs, so the browser
 * puts them back on real heights, not on placeholders.
 */
export function layOutNowIfRestoring(): void {
  const [navigation] = performance.getEntriesByType("navigation");
  if (
    navigation instanceof PerformanceNavigationTiming &&
    (navigation.type === "reload" || navigation.type === "back_forward")
  ) {
    layOutWhole();
  }
}
