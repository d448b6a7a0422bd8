import { strict as assert } from "node:assert";
import {
  type ContactRequest,
  contactFunction,
  contactSentFragment,
  maxSubmissionBytes,
} from "@bluewater/content/contact";
import { checkSubmission } from "../../functions/send-contact-email/intake/submission.ts";
import { defaultAllowedOrigins } from "../../functions/send-contact-email/platform/config.ts";
import { checkAnswerPage } from "./answerPageCheck.ts";
import { platformAddressHeader, testApiKey } from "./harness.ts";
import { type GeneratedRequest, toRequest } from "./hostileRequests.ts";
import type { LeadLedger } from "./leadLedger.ts";

export interface Expectation {
  /** The statuses docs/function.md allows for this request. */
  statuses: readonly number[];
  /** How the answer comes: JSON, a browser's page (or 303), or either (an Accept we cannot judge). */
  format: "json" | "page" | "either";
  /** The content of a submission the function must accept or refuse for a reason of its own. */
  accepted?: { content: ContactRequest; key: string | undefined; spam: boolean };
  /** What the function could read of the body, for the page to refill. */
  sent?: Record<string, unknown> | undefined;
  fieldErrors?: Record<string, string>;
}

/** Strict UTF-8; a leading byte-order mark is dropped from a body, kept inside a field. */
function decodeUtf8(bytes: Uint8Array | undefined, ignoreBOM = false): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM }).decode(bytes ?? new Uint8Array());
  } catch {
    return undefined;
  }
}

function parseObject(body: Uint8Array | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(decodeUtf8(body) ?? "");
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The form fields, read independently of the function's reader: every % must start a complete
 * escape and the escaped bytes must be UTF-8, else the body is refused (undefined).
 */
export function parseForm(body: Uint8Array | undefined): Record<string, string> | undefined {
  const text = decodeUtf8(body);
  if (text === undefined) return undefined;
  const fields: Array<[string, string]> = [];
  for (const pair of text.split("&").filter((part) => part !== "")) {
    const [name = "", ...rest] = pair.split("=");
    const decoded = [name, rest.join("=")].map((part) => {
      if (/%(?![0-9a-fA-F]{2})/.test(part)) return undefined;
      const bytes: number[] = [];
      for (const piece of part.replaceAll("+", " ").split(/(%[0-9a-fA-F]{2})/)) {
        if (piece.startsWith("%")) bytes.push(Number.parseInt(piece.slice(1), 16));
        else bytes.push(...new TextEncoder().encode(piece));
      }
      return decodeUtf8(new Uint8Array(bytes), true);
    });
    const [key, value] = decoded;
    if (key === undefined || value === undefined) return undefined;
    fields.push([key, value]);
  }
  return Object.fromEntries(fields);
}

/** Accept headers the fuzz sends, and whether each prefers HTML to JSON. */
export const acceptPreferences: ReadonlyArray<readonly [string, boolean]> = [
  ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
  ["text/html", true],
  ["text/html, application/json", true],
  ["application/json;q=0.5, text/html", true],
  ["text/*", true],
  ["*/*", false],
  ["application/json", false],
  ["application/json, text/html", false],
  ["text/html;q=0.2, application/json", false],
  ["text/html;q=0", false],
  ["", false],
];

/** Whether a browser is navigating: Fetch Metadata, or an Accept from the table above. */
function navigation(headers: Headers): boolean | undefined {
  if (headers.get("sec-fetch-mode")?.toLowerCase() === "navigate") return true;
  if (headers.get("sec-fetch-dest")?.toLowerCase() === "document") return true;
  const accept = headers.get("accept");
  if (accept === null) return false;
  return acceptPreferences.find(([value]) => value === accept)?.[1];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Idempotency-Key header's key, or null when malformed (a bare token or a quoted string). */
function idempotencyKey(header: string): string | null {
  const trimmed = header.trim();
  const quoted = /^"((?:[ !#-[\]-~]|\\["\\])+)"$/.exec(trimmed);
  const key = quoted?.[1] ? quoted[1].replace(/\\(.)/g, "$1") : trimmed;
  const bare = /^[!#-~]+$/.test(key);
  return (quoted || bare) && key.length <= 255 ? key : null;
}

export function functionUrlOf(request: Request): string {
  return `${new URL(request.url).origin}${contactFunction.path}`;
}

/** Where a browser's stored post is sent back to: Origin, else Referer, when listed. */
export function expectedSiteOrigin(headers: Headers): string {
  for (const candidate of [headers.get("origin"), headers.get("referer")]) {
    if (!candidate || !URL.canParse(candidate)) continue;
    const { origin, protocol } = new URL(candidate);
    if (/^https?:$/.test(protocol) && defaultAllowedOrigins.includes(origin)) return origin;
  }
  return defaultAllowedOrigins[0] ?? "";
}

/**
 * What the function must answer, from the request alone: docs/function.md's rules, in the order
 * the function applies them. Whether fields are valid is the shared schema's call.
 */
export function expectedAnswer(request: Request, body: Uint8Array | undefined): Expectation {
  const route = new URL(request.url).pathname.slice(contactFunction.path.length);
  const headers = request.headers;
  const json = (...statuses: number[]): Expectation => ({ statuses, format: "json" });
  if (route === "/deliver") return json(request.method === "POST" ? 401 : 405);
  if (route !== "" && route !== "/") return json(404);
  const origin = headers.get("origin");
  const allowedOrigin = origin !== null && defaultAllowedOrigins.includes(origin);
  if (request.method === "OPTIONS") return json(allowedOrigin ? 204 : 403);
  const mediaType = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const kind =
    mediaType === "application/json"
      ? "json"
      : mediaType === "application/x-www-form-urlencoded"
        ? "form"
        : undefined;
  const browser = request.method === "POST" && kind !== "json" ? navigation(headers) : false;
  const format = browser === undefined ? "either" : browser ? "page" : "json";
  const tooLarge =
    Number(headers.get("content-length") ?? "0") > maxSubmissionBytes ||
    (body?.length ?? 0) > maxSubmissionBytes;
  const form = kind === "form" && !tooLarge ? parseForm(body) : undefined;
  const only = (status: number, more: Partial<Expectation> = {}): Expectation => ({
    statuses: [status],
    format,
    sent: form,
    ...more,
  });
  const ownOrigin = new URL(request.url).origin;
  const formMayPost =
    kind === "form" && request.method === "POST" && (origin === "null" || origin === ownOrigin);
  if (origin !== null && !allowedOrigin && !formMayPost) return only(403);
  if (request.method !== "POST") return json(405);
  const headerKey = headers.get("apikey");
  if (kind !== "form" && headerKey !== testApiKey) return only(401, { sent: undefined });
  if (kind === undefined) return only(415);
  if (tooLarge) return only(413);
  const object = kind === "json" ? parseObject(body) : form;
  if (!object) return only(400);
  const key = headerKey ?? (kind === "form" ? object.apikey : undefined);
  if (key !== testApiKey) return only(401);
  const checked = checkSubmission(object);
  if (!checked.ok) return only(400, { fieldErrors: checked.fields });
  const header = headers.get("idempotency-key");
  const parsedKey = header === null ? undefined : idempotencyKey(header);
  if (parsedKey === null) return only(400);
  const bodyId = checked.value.requestId;
  if (parsedKey !== undefined && bodyId !== undefined && parsedKey.toLowerCase() !== bodyId) {
    return only(400);
  }
  const requestKey = parsedKey ?? bodyId;
  return {
    statuses: format === "page" ? [303, 422, 429] : [200, 422, 429],
    format,
    sent: form,
    accepted: {
      content: checked.value.request,
      // A key that is not a UUID is its sender's own (docs/function.md, "One lead per request").
      key:
        requestKey && uuid.test(requestKey)
          ? requestKey.toLowerCase()
          : requestKey && `${headers.get(platformAddressHeader)}\n${requestKey}`,
      spam: checked.value.spam !== undefined,
    },
  };
}

/** The answer's format, when the expectation left it open. */
function formatOf(response: Response): "json" | "page" {
  const type = response.headers.get("content-type") ?? "";
  return response.status === 303 || type.startsWith("text/html") ? "page" : "json";
}

/**
 * Checks one answer against the expectation and the function's contract: never a 5xx; JSON with
 * `{ id }` (200) or `{ error }` (4xx) to API clients; to a browser a 303 to a listed site or an
 * answer page that refills what was sent; 204 only for a preflight; CORS only for allowed
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
    expectation.statuses.includes(response.status) ||
      (expectation.statuses.includes(200) &&
        expectation.format === "either" &&
        response.status === 303),
    `${what}, expected ${expectation.statuses}`,
  );
  const origin = request.headers.get("origin");
  const route = new URL(request.url).pathname.slice(contactFunction.path.length);
  if (origin !== null && route !== "/deliver" && response.status !== 204) {
    const allowed = defaultAllowedOrigins.includes(origin) ? origin : null;
    assert.equal(response.headers.get("access-control-allow-origin"), allowed, what);
  }
  const format = expectation.format === "either" ? formatOf(response) : expectation.format;
  if (response.status === 204) {
    assert.equal(request.method, "OPTIONS", what);
    assert.equal(await response.text(), "", what);
    return undefined;
  }
  if (format === "page") {
    if (response.status === 303) {
      const expected = `${expectedSiteOrigin(request.headers)}/#${contactSentFragment}`;
      assert.equal(response.headers.get("location"), expected, what);
      await response.body?.cancel();
      return undefined;
    }
    if (response.status === 429)
      assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
    await checkAnswerPage(response, {
      functionUrl: functionUrlOf(request),
      siteOrigin: expectedSiteOrigin(request.headers),
      sent: expectation.sent,
      fieldErrors: response.status === 400 ? (expectation.fieldErrors ?? {}) : {},
    });
    return undefined;
  }
  const text = await response.text();
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/, what);
  if (request.method === "HEAD") return undefined;
  const answer = JSON.parse(text) as Record<string, unknown>;
  if (response.status === 200) {
    assert.deepEqual(Object.keys(answer), ["id"], what);
    assert.match(String(answer.id), uuid);
    return String(answer.id);
  }
  assert.equal(typeof answer.error, "string", what);
  assert.ok(String(answer.error).length > 10, `${what}: an error a person can read`);
  const extra = Object.keys(answer).filter((key) => key !== "error");
  assert.deepEqual(extra, response.status === 400 && "fields" in answer ? ["fields"] : [], what);
  if (response.status === 400 && expectation.fieldErrors) {
    assert.deepEqual(answer.fields, expectation.fieldErrors, what);
  }
  if (response.status === 429)
    assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
  if (response.status === 405) assert.ok(response.headers.get("allow"), what);
  return undefined;
}

/** One answer's status and media type, for a test's tally. */
export interface Answered {
  status: number;
  contentType: string;
}

/**
 * Sends a generated request's copies at the same moment (like a double-clicked submit), holds
 * every answer to the expectation and records each success in the ledger.
 */
export async function sendCopies(
  generated: GeneratedRequest,
  send: (request: Request) => Promise<Response>,
  ledger: LeadLedger,
  baseUrl?: string,
): Promise<Answered[]> {
  const expectation = expectedAnswer(toRequest(generated, baseUrl), generated.body);
  const copies = Array.from({ length: generated.copies }, () =>
    send(toRequest(generated, baseUrl)),
  );
  const answered: Answered[] = [];
  for (const response of await Promise.all(copies)) {
    answered.push({
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
    });
    const leadId = await checkAnswer(toRequest(generated, baseUrl), response, expectation);
    if (expectation.accepted && [200, 303].includes(response.status)) {
      ledger.record(expectation.accepted, leadId);
    }
  }
  return answered;
}
