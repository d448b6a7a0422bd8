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

/** The element an event happened in that matches `selector`: its target or an ancestor. */
function closestTo<E extends Element>(target: EventTarget | null, selector: string): E | null {
  return target instanceof Element ? target.closest<E>(selector) : null;
}

/** The on-demand code an element needs, named by its own or an ancestor's `data-prefetch`. */
function codeFor(target: EventTarget | Element | null): string | undefined {
  return closestTo<HTMLElement>(target, "[data-prefetch]")?.dataset.prefetch;
}

/**
 * Calls `act` at the visitor's first sign of life, and `reach` with the on-demand code of each
 * element they touch or focus, from the start. Listened for in the capture phase, so a handler
 * that stops an event cannot hide it, and passively, so scrolling is never held up. Some acts may
 * come before this script runs (it runs once the page is parsed): a focused field, an open menu
 * or offer count too, and a page already scrolled once it has been painted (`actIfScrolled`).
 */
export function watchTheVisitor(
  act: () => void,
  reach: (code: string) => void,
): { actIfScrolled(): void } {
  const options = { capture: true, passive: true } as const;
  const reached = (target: EventTarget | Element | null) => {
    const code = codeFor(target);
    if (code) reach(code);
  };
  let acted = false;
  const once = () => {
    if (acted) return;
    acted = true;
    for (const type of visitorEvents) removeEventListener(type, once, options);
    act();
  };
  for (const type of reachingEvents) addEventListener(type, (e) => reached(e.target), options);
  const focused = document.activeElement;
  const popover = openPopover();
  reached(focused);
  reached(popover);
  if ((focused !== null && focused !== document.body) || popover) once();
  else for (const type of visitorEvents) addEventListener(type, once, options);
  return {
    // Reading the scroll position lays the page out: asked once the first frame is painted and
    // before the sections below the hero are, when there is nothing left to lay out, and not
    // while this script runs, where it made the whole page's layout part of the script's task.
    actIfScrolled: () => {
      if (window.scrollY > 0) once();
    },
  };
}

/**
 * In-page links followed from inside an overlay. One that leads out of it closes it, which would
 * otherwise stay over what the visitor went to see: an open dialog of the HTML's own (a
 * service's details, whose request button goes to the form), and a popover: the chat's first
 * view, which the app would take for a chat the visitor still wants, and the menu, which the app
 * closes after a choice only once it runs (closing it again then does nothing), so a choice made
 * before, or with the app's code lost, left the menu over the section. One that leads within an
 * open dialog (the gallery's Previous and Next photo) replaces the page's history entry instead of
 * adding one, so that Back leaves the page rather than going back through every photo seen;
 * without JavaScript each adds one, as any link does. A click with a modifier key or another
 * button is the browser's (a new tab).
 */
export function followLinksInOverlays(): void {
  // An overlay's link to the form carries a query, so that without JavaScript it loads the page
  // again with the overlay closed (src/contact/formFromOverlay.ts); here it is an in-page link,
  // and the click below closes the overlay. The boot module runs once the HTML is parsed.
  const formLinks = 'dialog a[href^="?"], [popover] a[href^="?"]';
  for (const link of document.querySelectorAll<HTMLAnchorElement>(formLinks)) {
    link.setAttribute("href", link.hash);
  }
  const onClick = (event: MouseEvent) => {
    const link = closestTo<HTMLAnchorElement>(event.target, 'a[href^="#"]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const dialog = link.closest<HTMLDialogElement>("dialog[open]");
    const destination = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (dialog && destination && dialog.contains(destination)) {
      event.preventDefault();
      location.replace(link.hash);
      return;
    }
    dialog?.close();
    const popover = link.closest<HTMLElement>("[popover]");
    if (popoversExist && popover?.matches(":popover-open")) {
      popover.hidePopover();
    }
  };
  addEventListener("click", onClick, { capture: true });
}

/**
 * The buttons that open and close the HTML's dialogs (`<button commandfor command>`), in a browser
 * without the Invoker Commands API (before Chrome 135, Firefox 144 and Safari 26.2, which phones
 * left on iOS 18 keep): the same two commands, done here.
 */
export function invokeCommandsWhereMissing(): void {
  if ("command" in HTMLButtonElement.prototype) return;
  addEventListener("click", (event) => {
    const button = closestTo(event.target, "button[commandfor]");
    const dialog = document.getElementById(button?.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button?.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    if (command === "close") dialog.close();
  });
}

/**
 * Notes on every `<details>` when it was opened (`data-opened-at`, the page's clock): a quick
 * question of the chat's first view shows its reply by the stylesheet's delays from then, and the
 * app's chat panel goes on with it from the same moment (src/chat/firstView/takeOver.ts).
 */
export function stampOpenedDetails(): void {
  const stamp = (event: Event) => {
    const { target } = event;
    if (target instanceof HTMLDetailsElement && target.open) {
      target.dataset.openedAt = String(performance.now());
    }
  };
  // `toggle` does not bubble; a listener in the capture phase hears it from every element.
  addEventListener("toggle", stamp, { capture: true, passive: true });
}

/**
 * A request button that chooses a service (a service's details, the finishing section's
 * consultation: `data-service-strength="choice"`, contact/serviceRequest.tsx), tapped before the
 * app runs: the form's "Service Needed" is set to it here, as the app would set it, and the app
 * takes it over with whatever else was typed (contact/formValues.ts). Once the app runs, its own
 * listener does this. A "Learn More" only hints, which the app alone weighs.
 */
export function chooseServiceBeforeTheApp(): void {
  const onClick = (event: MouseEvent) => {
    if (document.documentElement.dataset.hydrated) return;
    const value = closestTo<HTMLElement>(event.target, '[data-service-strength="choice"]')?.dataset
      .service;
    const select = document.querySelector<HTMLSelectElement>('form select[name="service"]');
    if (value && select && [...select.options].some((option) => option.value === value)) {
      select.value = value;
    }
  };
  addEventListener("click", onClick, { capture: true, passive: true });
}
