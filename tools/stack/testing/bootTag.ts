/**
 * The built page's boot script (apps/web/src/boot.ts), as the build inlines it
 * (apps/web/scripts/build.ts): the only script of the app, a module whose tag lists the app's
 * chunks in `data-app-chunks`.
 */
export const bootScript = /<script type="module" data-app-chunks=[^>]*>[\s\S]*?<\/script>/g;

/**
 * The built page with its boot script told when a reader's start comes: `ms` after the first
 * paint instead of 3 s (`data-start-after-reading-ms`; 0 starts the app at once, an hour leaves it
 * to the visitor's acts). An attribute of the tag, which the CSP's hash of the script does not
 * cover: the page runs the same script under the same headers. Used by the bench's preloaded
 * variant and by the browser tests that must start the app only by their own acts.
 */
export function withReadingStart(html: string, ms: number): string {
  const [boot] = html.match(bootScript) ?? [];
  if (!boot) throw new Error("expected an inline boot script in the built page");
  return html.replace(boot, () =>
    boot.replace("<script ", `<script data-start-after-reading-ms="${ms}" `),
  );
}
