import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { escapeAttribute, escapeText } from "entities/escape";
import { svgDataUri } from "./documentHead.ts";

/**
 * The owner's page (`/contacted/`, docs/owner-tools.md) as the build writes it: the site's
 * stylesheet and the page's one script inline (each allowed by its hash, nothing else), kept
 * out of search engines, sending no Referer anywhere. What it shows is drawn by the script
 * (src/owner/markContacted.ts) from the lead the function answers; without JavaScript it can
 * only say so, since the lead and its token are in the address's fragment, which no server sees.
 */
export function markContactedDocument(page: {
  css: string;
  script: string;
  faviconSvg: string;
}): string {
  return `<!doctype html>
<html lang="${escapeAttribute(words.lang)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="no-referrer" />
    <title>${escapeText(words.title)}</title>
    <link rel="icon" href="${svgDataUri(page.faviconSvg)}" type="image/svg+xml" />
    <style>${page.css}</style>
  </head>
  <body class="min-h-dvh bg-sand-50">
    <header class="bg-navy-900 py-3 font-bold text-white">
      <div class="mx-auto max-w-xl px-4">${escapeText(words.businessName)}</div>
    </header>
    <main id="lead" class="mx-auto flex max-w-xl flex-col gap-5 px-4 py-6" aria-live="polite">
      <noscript>
        <h1 class="text-2xl font-extrabold text-navy-900">${escapeText(words.noScript.heading)}</h1>
        <p class="mt-5 rounded-md border-l-4 border-destructive bg-white px-4 py-3 font-semibold">${escapeText(words.noScript.detail)}</p>
      </noscript>
    </main>
    <script type="module">${page.script}</script>
  </body>
</html>
`;
}
