import type { VisitBeacon } from "@bluewater/content/visit";
import type { VisitChannel } from "./visitChannel.ts";
import { googleClickIdOf, visitSource } from "./visitSource.ts";

/** Wider than this is a computer: Tailwind's `md`, where the page's layout changes. */
const mobileMaxWidth = 767;

/**
 * One page view's measurement (docs/owner-tools.md, "What the site brings"), kept by the page's
 * first script so that it covers visitors whose app never starts. It sees only what the app
 * cannot: where the visit came from, the first act, a tap on a phone number or the chat (which
 * may come before the app runs, and a phone call leaves the page), and the browser posting the
 * form by itself, whose post it gives the visit's source. The app adds the rest through
 * `window.bluewaterVisit` (src/visit/visitActions.ts). Sent once, when the page is first hidden
 * or left, as one beacon to our own function; never for a browser with Global Privacy Control or
 * Do Not Track. Nothing is kept in the browser, and nothing identifies the visitor.
 */
export function measureVisit(endpoint: string): { acted(): void } {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl || nav.doNotTrack === "1") return { acted() {} };
  const source = visitSource();
  const visit: VisitBeacon = {
    page: location.pathname === "/" ? "home" : "not-found",
    // A media query, not innerWidth: read while the page is still being laid out, innerWidth would
    // lay it out in this script's task.
    device: matchMedia(`(min-width: ${mobileMaxWidth + 1}px)`).matches ? "desktop" : "mobile",
    ...source,
  };
  // The click id goes with a request only: the beacon (visit) has the flag, never the value.
  const googleClickId = googleClickIdOf();
  const channel: VisitChannel = {
    source,
    googleClickId,
    report: (detail) => Object.assign(visit, detail),
  };
  window.bluewaterVisit = channel;

  const options = { capture: true, passive: true };
  addEventListener(
    "click",
    ({ target }) => {
      if (!(target instanceof Element)) return;
      if (target.closest('a[href^="tel:"]')) visit.phoneTapped = true;
      if (target.closest("[data-chat-launcher]")) visit.chatOpened = true;
    },
    options,
  );
  // Last of all (bubbling): a submit no script took over is the browser's own post.
  addEventListener("submit", ({ defaultPrevented, target: form }) => {
    if (defaultPrevented || !(form instanceof HTMLFormElement)) return;
    visit.sent = "native";
    for (const [name, value] of Object.entries({ ...source, googleClickId })) {
      if (value)
        form.append(
          Object.assign(document.createElement("input"), { type: "hidden", name, value }),
        );
    }
  });
  // A page being left may be told pagehide before it counts as hidden.
  const send = ({ type }: Event) => {
    if (channel.sent || (type[0] === "v" && document.visibilityState === "visible")) return;
    channel.sent = true;
    navigator.sendBeacon(endpoint, JSON.stringify(visit));
  };
  addEventListener("visibilitychange", send, options);
  addEventListener("pagehide", send, options);
  return {
    acted() {
      visit.acted = true;
      channel.actedAt ??= performance.now();
      const root = document.documentElement;
      // The app's own measures (Core Web Vitals) wait for this: a reader is sent none of them.
      root.dataset.acted = "true";
      // The app started while the visitor read: their first act waited for nothing.
      if (root.dataset.hydrated) visit.actToInteractive ??= 0;
    },
  };
}
