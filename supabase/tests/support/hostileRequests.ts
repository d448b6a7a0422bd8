import fc from "fast-check";
import { functionUrl } from "./harness.ts";
import { hostileBody } from "./hostileBodies.ts";
import { hostileHeaders } from "./hostileHeaders.ts";

/** One generated request: everything a client controls, bodies and headers alike. */
export interface GeneratedRequest {
  method: string;
  /** What follows the function's name in the URL. */
  subPath: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  /** Copies sent at the same moment, like a double-clicked submit. */
  copies: number;
}

/**
 * Any request a client could send to the function. `inProcess` adds lying Content-Length
 * headers, which only a request built in memory can carry (an HTTP client frames the body).
 */
export function hostileRequest(options: { inProcess: boolean }): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 14, arbitrary: fc.constant("POST") },
        {
          weight: 4,
          arbitrary: fc.constantFrom("OPTIONS", "GET", "HEAD", "PUT", "PATCH", "DELETE", "post"),
        },
      ),
      subPath: fc.oneof(
        { weight: 14, arbitrary: fc.constant("") },
        {
          weight: 2,
          arbitrary: fc.constantFrom("/", "/deliver", "/deliver/", "/nope", "//", "?x=1"),
        },
      ),
      headers: hostileHeaders(options.inProcess),
      body: fc.option(hostileBody, { freq: 12, nil: undefined }),
      copies: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, fc.constantFrom(2, 3)),
    })
    .map((generated) => Object.assign(generated, { [fc.toStringMethod]: describeRequest }));
}

/** fast-check prints a failing request with this: the body shortened, its size kept. */
export function describeRequest(this: GeneratedRequest): string {
  const body =
    this.body === undefined
      ? "none"
      : `${this.body.length} bytes ${JSON.stringify(new TextDecoder().decode(this.body.slice(0, 300)))}`;
  return `${this.copies} × ${this.method} …${this.subPath} ${JSON.stringify(this.headers)} body ${body}`;
}

/**
 * The function's own origin in generated headers (its answer page posts from there); toRequest
 * puts the origin of the address the request goes to in its place.
 */
export const ownOrigin = new URL(functionUrl).origin;

/** The request as a client would send it; GET and HEAD carry no body. */
export function toRequest(generated: GeneratedRequest, baseUrl = functionUrl): Request {
  const method = generated.method;
  const bodyless = ["GET", "HEAD"].includes(method.toUpperCase());
  const origin = new URL(baseUrl).origin;
  const headers = Object.fromEntries(
    Object.entries(generated.headers).map(([name, value]) => [
      name,
      value.replaceAll(ownOrigin, origin),
    ]),
  );
  return new Request(`${baseUrl}${generated.subPath}`, {
    method,
    headers,
    ...(bodyless || generated.body === undefined ? {} : { body: generated.body.slice() }),
  });
}
