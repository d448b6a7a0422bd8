import {
  functionUrl,
  platformAddressHeader,
  testApiKey,
  testOrigin,
  uniqueAddress,
  validSubmission,
} from "./harness.ts";

/** What Chromium sends when it navigates to a form's action. */
export const browserAccept =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** The fields a plain HTML form of the site posts: the request, the honeypot and the key. */
export function validFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  const { name, phone, email, service, message } = validSubmission() as Record<string, string>;
  return {
    name: name ?? "",
    phone: phone ?? "",
    email: email ?? "",
    service: service ?? "",
    message: message ?? "",
    website: "",
    apikey: testApiKey,
    ...overrides,
  };
}

/** application/x-www-form-urlencoded as browsers write it (spaces as +, UTF-8 escapes). */
export function formEncode(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

interface PostOptions {
  headers?: Record<string, string | null>;
  address?: string;
  /** Bytes or text sent as they are instead of the encoded fields. */
  rawBody?: BodyInit;
}

function post(
  fields: Record<string, string>,
  base: Record<string, string>,
  options: PostOptions,
): Request {
  const headers = new Headers(base);
  headers.set(platformAddressHeader, options.address ?? uniqueAddress());
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return new Request(functionUrl, {
    method: "POST",
    headers,
    body: options.rawBody ?? formEncode(fields),
  });
}

/** A browser submitting the site's plain form: a navigation, so it expects a page back. */
export function browserFormPost(
  fields: Record<string, string>,
  options: PostOptions = {},
): Request {
  return post(
    fields,
    {
      "content-type": "application/x-www-form-urlencoded",
      origin: testOrigin,
      referer: `${testOrigin}/`,
      accept: browserAccept,
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "sec-fetch-site": "cross-site",
      "user-agent": "Mozilla/5.0 (deno-test)",
    },
    options,
  );
}

/** curl -d …: form fields from a script, which reads the answer as JSON. */
export function curlFormPost(fields: Record<string, string>, options: PostOptions = {}): Request {
  return post(
    fields,
    {
      "content-type": "application/x-www-form-urlencoded",
      accept: "*/*",
      "user-agent": "curl/8.5.0",
    },
    options,
  );
}
