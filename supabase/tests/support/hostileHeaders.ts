import fc from "fast-check";
import { testApiKey, testOrigin } from "./harness.ts";
import { pooledRequestId } from "./hostileBodies.ts";

/** Header values a client can put on the wire: visible ASCII, space, tab and obs-text. */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
        { weight: 1, arbitrary: fc.constantFrom(0x09, 0x80, 0x9f, 0xa0, 0xe9, 0xff) },
      )
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant("application/json") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      "Application/JSON",
      "application/json; charset=latin1",
      "application/json ; charset=utf-16",
      "text/json",
      "application/jsonx",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
    ),
  },
  { weight: 1, arbitrary: headerText(40) },
);

const forwardedFor = fc.oneof(
  { weight: 5, arbitrary: fc.ipV4() },
  { weight: 2, arbitrary: fc.constantFrom("192.0.2.1", "192.0.2.2", "2001:db8::1", "unknown") },
  { weight: 1, arbitrary: fc.tuple(fc.ipV6(), fc.ipV4()).map(([a, b]) => `${a}, ${b}`) },
  { weight: 2, arbitrary: headerText(60) },
);

/** Headers a client controls; names never repeat, so proxies cannot merge or drop copies. */
const headerFields = {
  apikey: fc.oneof(
    fc.constantFrom("", `${testApiKey}x`, testApiKey.toUpperCase(), ` ${testApiKey}\t`),
    fc.constant(`Bearer ${testApiKey}`),
    headerText(80),
  ),
  authorization: fc.oneof(fc.constant("Bearer"), headerText(80)),
  origin: fc.oneof(
    fc.constantFrom(
      "http://127.0.0.1:8080",
      "https://evil.example",
      "null",
      `${testOrigin}/`,
      testOrigin.toUpperCase(),
    ),
    headerText(40),
  ),
  "content-type": contentType,
  "cf-connecting-ip": forwardedFor,
  "x-forwarded-for": forwardedFor,
  "x-real-ip": headerText(40),
  "user-agent": headerText(1200),
  "x-deliverer-secret": headerText(30),
  "idempotency-key": fc.oneof(
    fc.uuid(),
    pooledRequestId,
    fc.constantFrom("order-42", '"order-42"', '"a \\"quoted\\" key"', "", " ", "x".repeat(256)),
    headerText(60),
  ),
  "x-fuzz-extra": headerText(200),
};
type HeaderName = keyof typeof headerFields;

/** What supabase-js sends from the site, from a random address. */
const formHeaders = forwardedFor.map((address) => ({
  apikey: testApiKey,
  authorization: `Bearer ${testApiKey}`,
  origin: testOrigin,
  "content-type": "application/json",
  "x-client-info": "supabase-js/2.58.0",
  "user-agent": "Mozilla/5.0 (fuzz)",
  "cf-connecting-ip": address,
}));

/** The form's headers with up to three of them changed to random values or dropped. */
export const hostileHeaders = (withContentLength: boolean) =>
  fc
    .tuple(
      formHeaders,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        {
          weight: 5,
          arbitrary: fc.array(
            fc
              .constantFrom(...(Object.keys(headerFields) as HeaderName[]))
              .chain((name) =>
                fc.option(headerFields[name], { nil: undefined }).map((v) => [name, v] as const),
              ),
            { minLength: 1, maxLength: 3 },
          ),
        },
      ),
      withContentLength
        ? fc.oneof(
            { weight: 12, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom("0", "12", "16385", "99999999", "abc", "-5") },
          )
        : fc.constant(null),
    )
    .map(([form, changes, contentLength]) => {
      const headers: Record<string, string> = { ...form };
      for (const [name, value] of changes) {
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
      if (contentLength !== null) headers["content-length"] = contentLength;
      return headers;
    });
