/** Every answer is JSON; errors are `{ error }` with a sentence a visitor or owner can act on. */
export function jsonResponse(
  status: number,
  body: Record<string, unknown>,
  headers: HeadersInit = {},
): Response {
  const merged = new Headers(headers);
  merged.set("content-type", "application/json; charset=utf-8");
  merged.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: merged });
}

export function errorResponse(status: number, error: string, headers: HeadersInit = {}): Response {
  return jsonResponse(status, { error }, headers);
}
