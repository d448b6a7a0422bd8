import { strict as assert } from "node:assert";
import { maxSubmissionBytes } from "@bluewater/content/contactSubmission.ts";
import { defaultAllowedOrigins } from "../../functions/send-contact-email/config.ts";
import { checkSubmission } from "../../functions/send-contact-email/submission.ts";
import { testApiKey } from "./harness.ts";

export interface Expectation {
  /** The statuses README.md's table allows for this request. */
  statuses: readonly number[];
  /** The lowercased request id, when the request is a submission the function must accept. */
  requestId?: string;
}

const functionPath = "/functions/v1/send-contact-email";

function parseObject(body: Uint8Array | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the function must answer, from the request alone: README.md's table, rule by rule, in the
 * order the function applies them. Whether fields are valid is the shared schema's call.
 */
export function expectedAnswer(request: Request, body: Uint8Array | undefined): Expectation {
  const route = new URL(request.url).pathname.slice(functionPath.length);
  const only = (status: number): Expectation => ({ statuses: [status] });
  if (route === "/deliver") return only(request.method === "POST" ? 401 : 405);
  if (route !== "" && route !== "/") return only(404);
  const origin = request.headers.get("origin");
  const allowedOrigin = origin !== null && defaultAllowedOrigins.includes(origin);
  if (request.method === "OPTIONS") return only(allowedOrigin ? 204 : 403);
  if (origin !== null && !allowedOrigin) return only(403);
  if (request.method !== "POST") return only(405);
  if (request.headers.get("apikey") !== testApiKey) return only(401);
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return only(415);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxSubmissionBytes || (body?.length ?? 0) > maxSubmissionBytes) return only(413);
  const object = parseObject(body);
  if (!object) return only(400);
  const checked = checkSubmission(object);
  if (!checked.ok) return only(400);
  return { statuses: [200, 429], requestId: checked.value.requestId };
}

/**
 * Checks one answer against the expectation and the function's contract: never a 5xx, JSON
 * with `{ id }` (200) or `{ error }` (4xx), 204 only for a preflight, CORS only for allowed
 * origins. Returns the stored lead's id for a 200.
 */
export async function checkAnswer(
  request: Request,
  response: Response,
  expectation: Expectation,
): Promise<string | undefined> {
  const what = `${request.method} ${new URL(request.url).pathname} answered ${response.status}`;
  assert.ok(response.status < 500, `${what}: a 5xx with the database up`);
  assert.ok(
    expectation.statuses.includes(response.status),
    `${what}, expected ${expectation.statuses}`,
  );
  const text = await response.text();
  if (response.status === 204) {
    assert.equal(request.method, "OPTIONS", what);
    assert.equal(text, "", what);
    return undefined;
  }
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/, what);
  const origin = request.headers.get("origin");
  const route = new URL(request.url).pathname.slice(functionPath.length);
  if (origin !== null && route !== "/deliver") {
    const allowed = defaultAllowedOrigins.includes(origin) ? origin : null;
    assert.equal(response.headers.get("access-control-allow-origin"), allowed, what);
  }
  if (request.method === "HEAD") return undefined;
  const answer = JSON.parse(text) as Record<string, unknown>;
  if (response.status === 200) {
    assert.deepEqual(Object.keys(answer), ["id"], what);
    assert.match(
      String(answer.id),
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    return String(answer.id);
  }
  assert.equal(typeof answer.error, "string", what);
  assert.ok(String(answer.error).length > 10, `${what}: an error a person can read`);
  const extra = Object.keys(answer).filter((key) => key !== "error");
  assert.deepEqual(extra, response.status === 400 && "fields" in answer ? ["fields"] : [], what);
  if (response.status === 429)
    assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
  if (response.status === 405) assert.ok(response.headers.get("allow"), what);
  return undefined;
}
