import { normaliseQuestion } from "./normaliseQuestion.ts";

/** How many words a "…" in a phrase may stand for. */
export const phraseGapWords = 4;

const anyEnding = "[a-z0-9]*";
const gap = `(?: [a-z0-9]+){0,${phraseGapWords}} `;

function compileWord(word: string): string {
  const stem = word.endsWith("*") ? word.slice(0, -1) : word;
  const normal = normaliseQuestion(stem);
  if (normal === "") throw new Error(`The chat phrase word ${JSON.stringify(word)} is empty.`);
  return word.endsWith("*") ? `${normal}${anyEnding}` : normal;
}

/**
 * A topic phrase as a pattern over a normalised question. Phrases are written as people type
 * them and normalised the same way; they match whole words only, so "time" never matches
 * "sometimes". A word ending in `*` takes any ending ("flood*": floods, flooded); `…` between
 * words stands for up to four other words ("how long … take").
 */
export function compilePhrase(phrase: string): RegExp {
  const segments = phrase.split("…").map((segment) => {
    const words = segment.trim().split(/\s+/);
    return words.map(compileWord).join(" ");
  });
  return new RegExp(`(?:^| )${segments.join(gap)}(?= |$)`);
}
