/**
 * How a lead's own text is shown to the company, in the email and in `pnpm leads` alike (see
 * docs/owner-tools.md). Whatever is stored, the owner sees every character, and none of them can
 * act: no character moves a terminal's cursor, rings its bell, reorders text or hides in it.
 */

// Controls (C0, DEL, C1), format characters (zero-width, bidi, BOM, tags) and the line and
// paragraph separators. The zero-width joiner stays: emoji such as 👩‍🔧 are made with it.
const hiddenCharacter = /(?!\u200D)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const lineBreak = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** U+001B → "<U+001B>": what was sent stays readable, and does nothing. */
function visibleCodePoint(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
}

/**
 * A single-line field (name, phone, email): every control, format or line-break character shown
 * as its code, so the field stays on one line.
 */
export function showHidden(text: string): string {
  return text.replace(hiddenCharacter, visibleCodePoint);
}

/**
 * Multi-line text (the message) as its lines, each made safe like a single-line field; a tab
 * inside a line stays, as it moves nothing but the cursor to the right.
 */
export function visibleLines(text: string): string[] {
  return text
    .split(lineBreak)
    .map((line) =>
      line.replace(hiddenCharacter, (character) =>
        character === "\t" ? character : visibleCodePoint(character),
      ),
    );
}

/** At most `length` code points, ending in … when cut: never half of a surrogate pair. */
export function clipText(text: string, length: number): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length - 1).join("")}…` : text;
}

// What a phone turns into a link (Android's Linkify and iOS's data detectors): a URL scheme's
// colon; a dot after a letter before a letter or digit, or before a letter (evil.com, www.0day,
// 1st.example); the dots of three or more numbers in a row (203.0.113.7); the colons of hex
// groups with two or more (2001:db8::1, ::ffff:…, a time with seconds too); a port's colon after
// a host (evil:8080, 10.0.0.1:80), but not a time's (2:30).
const schemeColon =
  /(?<=\b(?:https?|ftp|mailto|tel|sms|smsto|file|data|javascript|intent|geo|facetime|whatsapp)):/giu;
const hexColons = /[0-9a-f]*(?::[0-9a-f]*){2,}/giu;
const portColon = /([\p{L}\p{N}.\]-]+):(?=\d)/gu;
const numberDots = /\d+(?:\.\d+){2,}/gu;
const linkDot = /(?<=\p{L})\.(?=[\p{L}\p{N}])|\.(?=\p{L})/gu;

/** A host before a port: a name or an address, never the hour of a time. */
const hostLike = /[\p{L}.\]]/u;

/**
 * Each character a phone or a mail client could start or join a link with, shown bracketed
 * (`[.]`, `[:]`), the way addresses are defanged in security reports: read as written, tapped as
 * nothing. For what a stranger can write into the owner's messages (a text's visitor words, a
 * report's campaign tags), so that none of it is a link in a message the owner trusts.
 */
export function defang(text: string): string {
  return text
    .replace(schemeColon, "[:]")
    .replace(hexColons, (run) => run.replaceAll(":", "[:]"))
    .replace(portColon, (match, host: string) => (hostLike.test(host) ? `${host}[:]` : match))
    .replace(numberDots, (run) => run.replaceAll(".", "[.]"))
    .replace(linkDot, "[.]");
}

/**
 * A label a visitor's browser wrote (a campaign tag, a referring host, a CSS selector), as the
 * owner reads it in a report or an email: one line, hidden characters as codes, nothing a link.
 */
export function visitorLabel(text: string): string {
  return defang(showHidden(text));
}
