import { notFoundPage } from "@bluewater/content";

/**
 * The 404 page's own inline script: it logs the path the visitor asked for on every visit, at
 * once, whether or not the app ever starts (the app starts only at the visitor's first act).
 * Only 404.html carries it, so the landing page's reader is sent no more script; the CSP allows
 * it by its hash, like the boot script.
 */
export function notFoundLogScript(): string {
  const message = JSON.stringify(notFoundPage.consoleMessage);
  if (message.includes("<")) throw new Error("The 404 console message must not contain '<'.");
  return `console.error(${message}, location.pathname)`;
}
