/** API answers are JSON; errors are `{ error }` with a sentence a visitor or owner can act on. */
export function jsonResponse(status: number, body: object, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "application/json; charset=utf-8");
  merged.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: merged });
}

export function errorResponse(status: number, error: string, headers: HeadersInit = {}): Response {
  return jsonResponse(status, { error }, headers);
}

/**
 * A page for a browser. Hosted Supabase rewrites text/html to text/plain only in answers to GET;
 * these answer a POST, so the browser shows them as pages (and a stored lead is a 303, which
 * turns the visitor's next request into a GET of the site itself).
 */
export function htmlResponse(status: number, html: string, headers: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "text/html; charset=utf-8");
  merged.set("cache-control", "no-store");
  merged.set("x-content-type-options", "nosniff");
  merged.set("x-frame-options", "DENY");
  // Same-origin: a post from the page carries its Origin, a link to the site carries nothing.
  merged.set("referrer-policy", "same-origin");
  return new Response(html, { status, headers: merged });
}

/** Plain text for a person who opened a link (hosted Supabase shows a GET's answer as text anyway). */
export function textResponse(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}

/** 303 See Other: the browser follows it with a GET, so reloading never posts again. */
export function seeOther(location: string, headers: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("location", location);
  merged.set("cache-control", "no-store");
  return new Response(null, { status: 303, headers: merged });
}

/** Text that can stand in a Content-Security-Policy source list as one source. */
export const cspSafe = /^[^\s;,'"]+$/;
