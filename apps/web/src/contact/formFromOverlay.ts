import { sectionIds } from "@bluewater/content";

/**
 * The address of a way to the form from inside an overlay (a service's details, the chat's first
 * view). Its query makes it another page to the browser, so that without JavaScript following it
 * loads the page again at the form, with the overlay closed; a link to `#contact` alone would
 * scroll the page behind the still open overlay. The boot script makes it an in-page link again,
 * and closes the overlay (src/start/visitorActs.ts).
 */
export function formFromOverlay(query: string): string {
  return `?${query}#${sectionIds.contact}`;
}
