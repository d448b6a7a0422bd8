import { reportVisit } from "./visitChannel.ts";

/**
 * What the visitor does that the app can see from its start (the first script saw what came
 * before: the first act, taps on a phone number or the chat, the browser's own post): how long
 * the first act waited for the app, scrolling past the hero, and the first focus in the form,
 * counted when the app starts too if it already happened.
 */
export function watchVisitActions(): void {
  const visit = window.bluewaterVisit;
  if (!visit) return;
  // The first act waited this long for the app (one made once it runs waits for nothing: the
  // first script says so).
  if (visit.actedAt !== undefined)
    reportVisit({ actToInteractive: performance.now() - visit.actedAt });
  const options = { capture: true, passive: true };
  const scrolled = () => {
    const hero = document.getElementById("home");
    if (!hero || scrollY <= hero.offsetTop + hero.offsetHeight) return;
    reportVisit({ scrolledPastHero: true });
    removeEventListener("scroll", scrolled, options);
  };
  const focused = () => {
    if (!document.activeElement?.closest("#contact form")) return;
    reportVisit({ formFocused: true });
    removeEventListener("focusin", focused, options);
  };
  addEventListener("scroll", scrolled, options);
  addEventListener("focusin", focused, options);
  scrolled();
  focused();
}
