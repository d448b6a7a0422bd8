/**
 * Text for an SMS: the GSM 03.38 alphabet, how many segments a text takes, and how a visitor's
 * words are made safe to put in one. Hand-written: the two alphabets are a fixed table of the
 * standard, and the segment rule is a few lines; no library is needed for either.
 */

import { defang } from "../../../_shared/leadText.ts";

// The GSM 7-bit default alphabet, less its escape (ESC) and the line feed and carriage return,
// which the renderer writes itself between lines: a visitor's text never carries either.
const basic = new Set(
  "@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
// The extension table: each of these is sent as ESC and a second septet.
const extended = new Set("^{}\\[~]|€");

/** One SMS holds 160 septets; a text in several parts 153 per part (the rest is its header). */
const singleSegment = 160;
const partSegment = 153;

function septetsOf(character: string): number {
  return extended.has(character) ? 2 : 1;
}

/** True when every character is in the GSM alphabet (line breaks included). */
export function isGsmText(text: string): boolean {
  return Array.from(text).every(
    (character) =>
      character === "\n" || character === "\r" || basic.has(character) || extended.has(character),
  );
}

/**
 * How many SMS segments a GSM text takes. An extended character's two septets never straddle
 * two parts, as phones and carriers split them.
 */
export function gsmSegments(text: string): number {
  const septets = Array.from(text, septetsOf);
  const total = septets.reduce((sum, count) => sum + count, 0);
  if (total <= singleSegment) return 1;
  let segments = 1;
  let used = 0;
  for (const count of septets) {
    if (used + count > partSegment) {
      segments += 1;
      used = 0;
    }
    used += count;
  }
  return segments;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** A character the alphabet has, else its letter without accents (á → a) if that is in it, else ?. */
function toGsm(grapheme: string): string {
  if (basic.has(grapheme) || extended.has(grapheme)) return grapheme;
  const bare = grapheme.normalize("NFD").replace(/\p{M}/gu, "");
  return Array.from(bare).length === 1 && basic.has(bare) ? bare : "?";
}

/**
 * A visitor's words for an SMS, on one line and harmless: every run of white space and line
 * breaks becomes one space, so no line of it can pose as a line of ours; every character outside
 * the GSM alphabet becomes its unaccented letter or `?` (controls, bidi overrides and emoji
 * among them, one `?` for each whole character a reader sees), so nothing hides or acts, and the
 * message keeps to the alphabet that two segments always hold; and nothing in it can be tapped:
 * domains, www. hosts, bare IPv4 and IPv6 addresses, host:port and URL schemes are defanged.
 */
export function smsVisitorText(text: string): string {
  const oneLine = text.replace(/[\s\u0085]+/gu, " ").trim();
  const gsm = Array.from(graphemes.segment(oneLine), ({ segment }) => toGsm(segment)).join("");
  return defang(gsm);
}

/** At most `length` characters, ending in ... when cut (the ellipsis is not in the alphabet). */
export function clipSms(text: string, length: number): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters
    .slice(0, Math.max(0, length - 3))
    .join("")
    .trimEnd()}...`;
}
