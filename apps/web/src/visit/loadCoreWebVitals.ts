import { whenIdle } from "../start/index.ts";

/**
 * Fetches the Core Web Vitals code (src/visit/coreWebVitals.ts, Google's `web-vitals`) once the
 * app runs and the visitor has acted (`<html data-acted>`, set by the first script), when the
 * browser is idle: a visitor who only reads is sent none of it, and it never competes with what
 * the visitor reached for. None at all for a browser that asked not to be tracked.
 */
export function loadCoreWebVitalsOnceActed(): void {
  if (!window.bluewaterVisit) return;
  const root = document.documentElement;
  const load = () =>
    whenIdle(() => {
      import("./coreWebVitals.ts")
        .then(({ measureCoreWebVitals }) => measureCoreWebVitals())
        .catch((error: unknown) => console.warn("web vitals", error));
    });
  if (root.dataset.acted) {
    load();
    return;
  }
  new MutationObserver((_, observer) => {
    if (!root.dataset.acted) return;
    observer.disconnect();
    load();
  }).observe(root, { attributeFilter: ["data-acted"] });
}
