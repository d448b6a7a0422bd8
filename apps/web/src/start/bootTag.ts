/**
 * The boot script's tag: the build writes it (scripts/build.ts), the boot script reads its
 * settings (boot.ts), and the bench and the browser tests change them on a built page. One typed
 * shape and one spelling for all of them: the settings are one JSON attribute of the tag, which
 * the CSP's hash of the script does not cover, so a changed setting runs the same script under the
 * same headers.
 */

/** What the build tells the boot script. */
export interface BootSettings {
  /** The app's chunks, in evaluation order. */
  chunks: string[];
  /** The chunks of each piece of code loaded on demand, by the name elements carry in `data-prefetch`. */
  onDemand: Record<string, string[]>;
  /** The code a reader gets with the app: what they are likeliest to reach for first. */
  forReaders: string[];
  /**
   * How long after the first paint a visitor who has not acted gets the app. The page's own is
   * `null`, none: the app waits for an act, however long the visitor reads, since everything a
   * reader reaches for first answers without it (the bench's preloaded variant sets 0).
   */
  readingMs: number | null;
  /** Where the visit's beacon goes (src/visit/visitBeacon.ts). */
  visitUrl: string;
}

/** The boot script's tag in the page, whose `data-boot` attribute holds the settings. */
export const bootTagSelector = "script[data-boot]";
const opening = `<script type="module" data-boot='`;
const closing = "</script>";

/**
 * The settings as an attribute value: JSON in single quotes (its own double quotes need no
 * escape), with what would end or confuse the attribute escaped.
 */
const toAttribute = (settings: BootSettings) =>
  JSON.stringify(settings).replaceAll("&", "&amp;").replaceAll("'", "&#39;");
const fromAttribute = (value: string) =>
  JSON.parse(value.replaceAll("&#39;", "'").replaceAll("&amp;", "&")) as BootSettings;

/** The inline boot script's tag, as the build writes it. */
export function bootTag(settings: BootSettings, code: string): string {
  if (code.includes(closing)) throw new Error("The boot script must not contain </script>.");
  return `${opening}${toAttribute(settings)}'>${code}${closing}`;
}

/** Where the boot tag is in a built page, its settings and its code; an error unless there is exactly one. */
function findBootTag(html: string): {
  start: number;
  end: number;
  settings: BootSettings;
  code: string;
} {
  const start = html.indexOf(opening);
  if (start === -1 || html.includes(opening, start + 1)) {
    const found = start === -1 ? "none" : "more than one";
    throw new Error(`expected one inline boot script in the built page, found ${found}`);
  }
  const valueEnd = html.indexOf("'>", start + opening.length);
  const codeEnd = html.indexOf(closing, valueEnd);
  const settings = fromAttribute(html.slice(start + opening.length, valueEnd));
  return {
    start,
    end: codeEnd + closing.length,
    settings,
    code: html.slice(valueEnd + 2, codeEnd),
  };
}

/** The settings the built page gives its boot script. */
export function readBootSettings(html: string): BootSettings {
  return findBootTag(html).settings;
}

/** The built page with some of its boot script's settings changed. */
export function withBootSettings(html: string, changes: Partial<BootSettings>): string {
  const { start, end, settings, code } = findBootTag(html);
  return html.slice(0, start) + bootTag({ ...settings, ...changes }, code) + html.slice(end);
}

/** The built page without its boot script: what a visitor with JavaScript off runs. */
export function withoutBootTag(html: string): string {
  const { start, end } = findBootTag(html);
  return html.slice(0, start) + html.slice(end);
}
