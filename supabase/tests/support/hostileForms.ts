import { maxSubmissionBytes, serviceOptions } from "@bluewater/content/contact";
import fc from "fast-check";
import { acceptPreferences } from "./expectedAnswer.ts";
import { testApiKey, testOrigin } from "./harness.ts";
import {
  nearlyValid,
  pooledRequestId,
  textWithTrickyCharacters,
  validMessage,
} from "./hostileBodies.ts";
import type { GeneratedRequest } from "./hostileRequests.ts";
import { describeRequest, ownOrigin } from "./hostileRequests.ts";

const encoder = new TextEncoder();

const fieldValue = {
  name: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("Dana Homeowner", "José Núñez", "  Pat  ", "李雷") },
    { weight: 3, arbitrary: textWithTrickyCharacters(120) },
    { weight: 1, arbitrary: fc.constantFrom("n".repeat(101), `"><script>alert(1)</script>`) },
  ),
  phone: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("(586) 555-0123", "+1 586 555 0123 ext. 42") },
    { weight: 2, arbitrary: textWithTrickyCharacters(40) },
  ),
  email: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("dana@example.com", "O'Brien+Leads@Example.org") },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 2, arbitrary: textWithTrickyCharacters(60) },
  ),
  service: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("", ...serviceOptions.map((option) => option.value)) },
    { weight: 2, arbitrary: fc.constantFrom("INTERIOR", "__proto__", '"><b>x</b>') },
  ),
  message: fc.oneof(
    { weight: 4, arbitrary: validMessage },
    { weight: 3, arbitrary: textWithTrickyCharacters(300) },
    { weight: 1, arbitrary: fc.constantFrom("m".repeat(2001), "</textarea><script>x</script>") },
  ),
  website: fc.oneof(
    { weight: 8, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: fc.constantFrom(" ", "https://spam.example") },
  ),
  apikey: fc.oneof(
    { weight: 8, arbitrary: fc.constant(testApiKey) },
    { weight: 2, arbitrary: fc.constantFrom("", `${testApiKey}x`, testApiKey.toUpperCase()) },
  ),
  requestId: fc.oneof(fc.constant(""), fc.uuid(), pooledRequestId, fc.constant("not-a-uuid")),
  elapsedMs: fc.constantFrom("100", "9000", "x"),
};

/** The site's plain form filled in as a person would: the request, an empty honeypot, the key. */
const validFields = validMessage.map(
  (message): Array<[string, string]> => [
    ["name", "Dana Homeowner"],
    ["phone", "(586) 555-0123"],
    ["email", "dana@example.com"],
    ["service", "interior"],
    ["message", message],
    ["website", ""],
    ["apikey", testApiKey],
  ],
);

/** A filled-in form with a few fields changed to random values, dropped or repeated. */
const formFields = nearlyValid<string>(validFields, fieldValue, fc.string());

/** Escapes as a browser writes them: UTF-8 percent-escapes, spaces as +. */
const browserEncoding = (pairs: ReadonlyArray<readonly [string, string]>) =>
  new URLSearchParams(
    pairs.map(([name, value]) => [name.toWellFormed(), value.toWellFormed()]),
  ).toString();

/** encodeURIComponent, which writes spaces as %20 and throws on lone surrogates. */
const componentEncoding = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs
    .map((pair) => pair.map((part) => encodeURIComponent(part.toWellFormed())).join("="))
    .join("&");

/** Escapes a hand-written client might get wrong: broken, truncated, not UTF-8, unescaped. */
const brokenEscape = fc.constantFrom(
  "%",
  "%z1",
  "%4",
  "%E2%82",
  "%FF",
  "%ED%A0%80",
  "%C0%AF",
  "&&",
  "==",
  "=",
);

const formText = fc.oneof(
  { weight: 12, arbitrary: formFields.map(browserEncoding) },
  { weight: 3, arbitrary: formFields.map(componentEncoding) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(formFields.map(browserEncoding), brokenEscape, fc.nat())
      .map(([text, broken, at]) => {
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + broken + text.slice(cut);
      }),
  },
  {
    weight: 1,
    arbitrary: formFields.map((pairs) =>
      pairs.map(([name, value]) => `${name}=${value}`).join("&"),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(formFields.map(browserEncoding), fc.integer({ min: -48, max: 48 }))
      .map(([text, delta]) => {
        const room = maxSubmissionBytes + delta - encoder.encode(`${text}&pad=`).length;
        return `${text}&pad=${"p".repeat(Math.max(0, room))}`;
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(formFields.map(browserEncoding), fc.integer({ min: 16_000, max: 40_000 }))
      .map(([text, size]) => `${text}&message=${"m".repeat(size)}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "&", "=", '{"name":"Dana"}', "name", "%") },
);

const formBody = fc.oneof(
  { weight: 16, arbitrary: formText.map((text) => encoder.encode(text)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(formText, fc.uint8Array({ minLength: 1, maxLength: 4 }), fc.nat())
      .map(([text, bytes, at]) => {
        const encoded = encoder.encode(text);
        const cut = at % (encoded.length + 1);
        return new Uint8Array([...encoded.slice(0, cut), ...bytes, ...encoded.slice(cut)]);
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 600 }) },
);

const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Headers a form post may carry, each one valid or hostile. */
const headerValue = {
  "content-type": fc.oneof(
    { weight: 2, arbitrary: fc.constant("application/x-www-form-urlencoded") },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "application/x-www-form-urlencoded;charset=UTF-8",
        "Application/X-WWW-Form-Urlencoded",
        "multipart/form-data; boundary=x",
        "text/plain",
        "application/json",
      ),
    },
  ),
  apikey: fc.constantFrom(testApiKey, `${testApiKey}x`, ""),
  origin: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "null",
        ownOrigin,
        "https://evil.example",
        "http://localhost:8080.evil.example",
        `${testOrigin}/`,
        "http://127.0.0.1:8080",
      ),
    },
    { weight: 1, arbitrary: headerText(40) },
  ),
  referer: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "http://127.0.0.1:8080/#contact",
        "https://evil.example/",
        "http://localhost:8080.evil.example/",
        "http://localhost:8080@evil.example/",
        "javascript:alert(1)",
        `${ownOrigin}/functions/v1/send-contact-email`,
        "//evil.example",
      ),
    },
    { weight: 1, arbitrary: headerText(60) },
  ),
  accept: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...acceptPreferences.map(([value]) => value)) },
    { weight: 1, arbitrary: headerText(60) },
  ),
  "sec-fetch-mode": fc.constantFrom("navigate", "cors", "no-cors", "NAVIGATE"),
  "sec-fetch-dest": fc.constantFrom("document", "empty", "iframe"),
  "cf-connecting-ip": fc.constantFrom("192.0.2.1", "192.0.2.2"),
  "idempotency-key": fc.oneof(
    fc.uuid(),
    pooledRequestId,
    fc.constantFrom("order-42", "", "x".repeat(256)),
  ),
};
type HeaderName = keyof typeof headerValue;

/** What a browser with JavaScript off sends, and what curl -d sends. */
const senders = fc
  .tuple(fc.ipV4(), fc.constantFrom("browser", "curl", "curl with key"))
  .map(([address, sender]) =>
    sender === "browser"
      ? {
          "content-type": "application/x-www-form-urlencoded",
          origin: testOrigin,
          referer: `${testOrigin}/`,
          accept: acceptPreferences[0]?.[0] ?? "text/html",
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
          "user-agent": "Mozilla/5.0 (fuzz)",
          "cf-connecting-ip": address,
        }
      : {
          "content-type": "application/x-www-form-urlencoded",
          accept: "*/*",
          "user-agent": "curl/8.5.0",
          "cf-connecting-ip": address,
          ...(sender === "curl with key" ? { apikey: testApiKey } : {}),
        },
  );

/** A sender's headers with up to three of them changed to other values or dropped. */
const formHeaders = fc
  .tuple(
    senders,
    fc.array(
      fc
        .constantFrom(...(Object.keys(headerValue) as HeaderName[]))
        .chain((name) =>
          fc.option(headerValue[name], { nil: undefined }).map((value) => [name, value] as const),
        ),
      { maxLength: 3 },
    ),
  )
  .map(([sender, changes]) => {
    const headers: Record<string, string> = { ...sender };
    for (const [name, value] of changes) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    return headers;
  });

/** Form posts: browsers with JavaScript off and scripts, well formed and broken alike. */
export function hostileFormPost(): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      method: fc.constant("POST"),
      subPath: fc.constant(""),
      headers: formHeaders,
      body: formBody,
      copies: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, fc.constantFrom(2, 3)),
    })
    .map((generated) => Object.assign(generated, { [fc.toStringMethod]: describeRequest }));
}
