import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals/attribution";
import { reportVisit } from "./visitChannel.ts";

/** A CSS selector as the beacon may carry it: at most 200 characters, none when empty. */
const selector = (text: string | undefined) => text?.slice(0, 200) || undefined;

/**
 * This page view's Core Web Vitals, from Google's `web-vitals` library (its attribution build
 * names the LCP element and the slowest interaction's target). Loaded after the visitor's first
 * act, so a visitor who only reads is sent none of it; the library reads the page's buffered
 * entries, so what came before it loaded counts. Every change is reported at once: the visit is
 * sent when the page is first hidden, before the library's own last reports would come.
 */
export function measureCoreWebVitals(): void {
  const options = { reportAllChanges: true };
  // Like data-hydrated: the browser tests (and anyone looking) can tell the vitals are measured.
  document.documentElement.dataset.vitals = "measured";
  onLCP(
    (metric) => reportVisit({ lcp: metric.value, lcpElement: selector(metric.attribution.target) }),
    options,
  );
  onINP(
    (metric) =>
      reportVisit({
        inp: metric.value,
        inpTarget: selector(metric.attribution.interactionTarget),
      }),
    options,
  );
  onCLS((metric) => reportVisit({ cls: metric.value }), options);
  onFCP((metric) => reportVisit({ fcp: metric.value }), options);
  onTTFB((metric) => reportVisit({ ttfb: metric.value }), options);
}
