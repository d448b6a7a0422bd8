import { maxSubmissionBytes, serviceOptions } from "@bluewater/content/contact";
import fc from "fast-check";

const encoder = new TextEncoder();

/** Characters that break naive code: controls, NUL, direction marks, lone surrogates, emoji. */
const trickyCharacters = [
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u200b",
  "\u200e",
  "\u200f",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\ud800",
  "\udfff",
  "💧",
  "👩‍👩‍👧",
  "é",
  "\r\n",
  "\t",
  "<",
  "&",
  "'",
  '"',
  "\\",
];

const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...trickyCharacters) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
);
/** Text a client may type or forge: any character, the tricky ones above more often. */
export const textWithTrickyCharacters = (maxLength: number) =>
  fc.string({ unit: textUnit, maxLength });
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Request ids from a small pool, so that ids come back, with the same content or not. */
export const pooledRequestId = fc
  .integer({ min: 0, max: 23 })
  .map((n) => `5f0c6a1e-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);

const fields = {
  name: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("Dana Homeowner", "José Núñez", "李雷", "  Pat  ") },
    { weight: 3, arbitrary: textWithTrickyCharacters(120) },
    { weight: 1, arbitrary: fc.constantFrom("n".repeat(100), "n".repeat(101), "💧".repeat(51)) },
    { weight: 1, arbitrary: anyJson },
  ),
  phone: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("(586) 555-0123", "+1 586 555 0123 ext. 42") },
    { weight: 3, arbitrary: fc.stringMatching(/^\+?[0-9 ().-]{3,24}( ?x ?[0-9]{1,7})?$/) },
    { weight: 2, arbitrary: textWithTrickyCharacters(40) },
    { weight: 1, arbitrary: anyJson },
  ),
  email: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("dana@example.com", "o'brien+leads@example.org") },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 2, arbitrary: textWithTrickyCharacters(60) },
    { weight: 1, arbitrary: fc.constantFrom("a@b", `${"a".repeat(250)}@x.io`, "a@b.co") },
    { weight: 1, arbitrary: anyJson },
  ),
  service: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("", ...serviceOptions.map((option) => option.value)) },
    { weight: 2, arbitrary: fc.constantFrom("INTERIOR", " interior ", "constructor", "__proto__") },
    { weight: 1, arbitrary: anyJson },
  ),
  message: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("", "Water comes in along the north wall.") },
    { weight: 3, arbitrary: textWithTrickyCharacters(300) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("m".repeat(2000), "m".repeat(2001), "💧".repeat(1000)),
    },
    { weight: 1, arbitrary: anyJson },
  ),
  requestId: fc.oneof(
    { weight: 4, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: pooledRequestId },
    { weight: 1, arbitrary: pooledRequestId.map((id) => id.toUpperCase()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "not-a-uuid", "5f0c6a1e-0000-4000-8000-00000000000g"),
    },
    { weight: 1, arbitrary: anyJson },
  ),
  website: fc.oneof(
    { weight: 8, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: fc.constantFrom(" ", "https://spam.example", null, 0, false, [], {}) },
  ),
  elapsedMs: fc.oneof(
    { weight: 6, arbitrary: fc.constant(12_000) },
    { weight: 2, arbitrary: fc.constantFrom(0, 1999, 2000, -1, 1e308, 1.5, "9000", null, true) },
    { weight: 1, arbitrary: fc.double() },
  ),
};

/** JSON text from key/value pairs, so keys may repeat and `__proto__` stays an ordinary key. */
function objectText(entries: ReadonlyArray<readonly [string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}

/** The form's fields, each present or not, each valid or random. */
const randomEntries = fc
  .tuple(
    ...Object.entries(fields).map(([key, value]) =>
      fc.option(
        value.map((v) => [key, v] as const),
        { freq: 10, nil: undefined },
      ),
    ),
  )
  .map((entries) => entries.filter((entry) => entry !== undefined));

/**
 * A message from a small pool (the same content again, under a new or no key, is a copy of one
 * lead) or a new one (a new lead).
 */
export const validMessage = fc.oneof(
  fc.integer({ min: 0, max: 63 }).map((n) => `Wet wall, case ${n}.`),
  fc.uuid().map((id) => `Wet wall, case ${id}.`),
);

const validEntries = fc
  .tuple(fc.uuid(), validMessage)
  .map(([requestId, message]) => [
    ["name", "Dana Homeowner"] as const,
    ["phone", "(586) 555-0123"] as const,
    ["email", "dana@example.com"] as const,
    ["service", "interior"] as const,
    ["message", message] as const,
    ["requestId", requestId] as const,
    ["website", ""] as const,
    ["elapsedMs", 9000] as const,
  ]);

/**
 * Valid entries with a few fields changed to random values, dropped or repeated, and a couple of
 * unknown keys added: how a client gets a request slightly wrong.
 */
export function nearlyValid<Value>(
  valid: fc.Arbitrary<ReadonlyArray<readonly [string, Value]>>,
  fieldValues: Record<string, fc.Arbitrary<Value>>,
  extraValue: fc.Arbitrary<Value>,
): fc.Arbitrary<Array<readonly [string, Value]>> {
  const names = Object.keys(fieldValues);
  const change = fc.tuple(
    fc
      .constantFrom(...names)
      .chain((name) => (fieldValues[name] ?? extraValue).map((value) => [name, value] as const)),
    fc.constantFrom("replace", "replace", "drop", "repeat"),
  );
  return fc
    .tuple(
      valid,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 4, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }) },
      ),
      fc.array(
        fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constant("__proto__")), extraValue),
        { maxLength: 2 },
      ),
    )
    .map(([validEntries, changes, extras]) => {
      let entries: Array<readonly [string, Value]> = [...validEntries];
      for (const [[name, value], kind] of changes) {
        if (kind === "repeat") entries.push([name, value]);
        else {
          entries = entries.filter(([key]) => key !== name);
          if (kind === "replace") entries.push([name, value]);
        }
      }
      return [...entries, ...extras];
    });
}

/** A valid submission with a few fields changed to random values, dropped, or repeated. */
const nearValidEntries = nearlyValid<unknown>(validEntries, fields, anyJson);

/** A valid submission padded to a byte size just under, at or just over the 16 KB limit. */
const nearLimit = fc
  .tuple(validEntries, fc.integer({ min: -48, max: 48 }), fc.constantFrom("p", "é", "💧"))
  .map(([entries, delta, pad]) => {
    const bare = objectText([...entries, ["pad", ""]]);
    const room = maxSubmissionBytes + delta - encoder.encode(bare).length;
    const width = encoder.encode(pad).length;
    const padding = pad.repeat(Math.floor(room / width)) + "p".repeat(room % width);
    return objectText([...entries, ["pad", padding]]);
  });

const bodyText = fc.oneof(
  { weight: 16, arbitrary: nearValidEntries.map(objectText) },
  { weight: 3, arbitrary: randomEntries.map(objectText) },
  { weight: 2, arbitrary: nearLimit },
  {
    weight: 2,
    arbitrary: fc
      .tuple(nearValidEntries.map(objectText), fc.nat())
      .map(([json, cut]) => json.slice(0, cut % Math.max(1, json.length))),
  },
  { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 9000 }), fc.boolean())
      .map(([depth, arrays]) =>
        arrays ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1}".repeat(depth),
      ),
  },
  { weight: 1, arbitrary: textWithTrickyCharacters(400) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "null", "[]", "{}", '"x"', "{,}", "\u0000") },
  {
    weight: 1,
    arbitrary: fc
      .tuple(validEntries, fc.integer({ min: 16_000, max: 40_000 }))
      .map(([entries, size]) => objectText([...entries, ["message", "m".repeat(size)]])),
  },
);

/** Request bodies: mostly the form's JSON with some fields gone wrong, then anything at all. */
export const hostileBody = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        bodyText,
        fc.constantFrom("utf-8", "utf-8", "utf-8", "utf-8", "utf-8", "bom", "utf-16le"),
      )
      .map(([value, encoding]) => {
        // UTF-16, as a client that honours `charset=utf-16` sends it: not UTF-8, so a 400.
        if (encoding === "utf-16le") {
          return new Uint8Array(new Uint16Array(Array.from(value, (c) => c.charCodeAt(0))).buffer);
        }
        return encoder.encode(encoding === "bom" ? `\ufeff${value}` : value);
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 600 }) },
);
