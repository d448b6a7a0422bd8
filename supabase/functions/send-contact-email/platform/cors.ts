/**
 * The headers supabase-js sends with `functions.invoke`, which a preflight must allow, and the
 * Idempotency-Key other clients may send (docs/function.md).
 */
export const allowedRequestHeaders =
  "authorization, x-client-info, apikey, content-type, idempotency-key";

export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.includes("*") || allowedOrigins.includes(origin);
}

/**
 * CORS headers for a response. A browser on an origin not in ALLOWED_ORIGINS gets none, so it
 * cannot read the answer; requests without an Origin (curl, cron) need none.
 */
export function corsHeaders(origin: string | null, allowedOrigins: readonly string[]): Headers {
  const headers = new Headers({ vary: "Origin" });
  if (origin !== null && isAllowedOrigin(origin, allowedOrigins)) {
    headers.set("access-control-allow-origin", origin);
  }
  return headers;
}

/**
 * The answer to a CORS preflight from an allowed origin (each route refuses the others): a
 * contact request's methods and headers unless a route names its own.
 */
export function preflightResponse(
  origin: string,
  allow: { methods: string; headers: string } = {
    methods: "POST, OPTIONS",
    headers: allowedRequestHeaders,
  },
): Response {
  const headers = new Headers({ vary: "Origin", "access-control-allow-origin": origin });
  headers.set("access-control-allow-methods", allow.methods);
  headers.set("access-control-allow-headers", allow.headers);
  headers.set("access-control-max-age", "86400");
  return new Response(null, { status: 204, headers });
}
