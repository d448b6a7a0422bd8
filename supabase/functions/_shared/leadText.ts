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
