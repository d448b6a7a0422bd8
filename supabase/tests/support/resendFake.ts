export interface ResendFakeEmail {
  id: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
}

/**
 * up: sends; down: answers 500; rejecting: answers 422; answerLost: sends, but the answer is lost
 * on the way back (a 504 from Resend's edge), so the sender cannot know the email went out.
 */
type Mode = "up" | "down" | "rejecting" | "answerLost";

function resendError(statusCode: number, name: string, message: string): Response {
  return Response.json({ statusCode, message, name }, { status: statusCode });
}

// Resend validates every address (its validation_error "Invalid `reply_to` field"). The fake
// holds each to RFC 5322's dot-atom, as a strict validator does: a control character, a double
// dot or a dot at either end of the local part is refused.
const dotAtom = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[^@\s]+$/;
function isAddress(value: unknown): boolean {
  return typeof value === "string" && dotAtom.test(value) && !/\p{Cc}/u.test(value);
}

function isAddressList(value: unknown): boolean {
  return isAddress(value) || (Array.isArray(value) && value.length > 0 && value.every(isAddress));
}

/**
 * A stand-in for api.resend.com that holds a sender to Resend's documented contract: POST /emails
 * with `Authorization: Bearer <key>` and a JSON body (from, to, subject, html and/or text,
 * reply_to); 200 `{ id }`; errors `{ statusCode, message, name }`; an Idempotency-Key replays
 * the first answer instead of sending again, and refuses a different body with 409; past a
 * quota, 429 `daily_quota_exceeded`.
 */
export function startResendFake(apiKey: string) {
  let mode: Mode = "up";
  const emails: ResendFakeEmail[] = [];
  const byKey = new Map<string, { body: string; id: string }>();
  let requests = 0;
  /** The plan's emails (Resend's daily quota): past them, 429 daily_quota_exceeded. */
  let quota: number | undefined;

  const answer = (id: string) =>
    mode === "answerLost"
      ? resendError(504, "gateway_timeout", "Gateway Timeout")
      : Response.json({ id });

  const handler = async (request: Request): Promise<Response> => {
    requests += 1;
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/emails") {
      return resendError(404, "not_found", "The requested endpoint does not exist.");
    }
    const authorization = request.headers.get("authorization");
    if (!authorization)
      return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    if (authorization !== `Bearer ${apiKey}`)
      return resendError(403, "invalid_api_key", "API key is invalid.");
    if (!request.headers.get("content-type")?.startsWith("application/json")) {
      return resendError(422, "validation_error", "Invalid content type.");
    }
    const raw = await request.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return resendError(422, "validation_error", "Invalid JSON body.");
    }
    for (const field of ["from", "subject"]) {
      if (typeof body[field] !== "string" || body[field] === "") {
        return resendError(422, "missing_required_field", `Missing \`${field}\` field.`);
      }
    }
    if (!isAddressList(body.to)) return resendError(422, "validation_error", "Invalid `to` field.");
    if (typeof body.html !== "string" && typeof body.text !== "string") {
      return resendError(422, "validation_error", "Missing `html` or `text` field.");
    }
    if (body.reply_to !== undefined && !isAddressList(body.reply_to)) {
      return resendError(422, "validation_error", "Invalid `reply_to` field.");
    }
    if (/[\r\n]/.test(String(body.subject))) {
      return resendError(
        422,
        "validation_error",
        "The `subject` field must not contain line breaks.",
      );
    }
    const idempotencyKey = request.headers.get("idempotency-key");
    if (idempotencyKey !== null && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
      return resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
    }
    if (mode === "down")
      return resendError(500, "internal_server_error", "An unexpected error occurred.");
    if (mode === "rejecting")
      return resendError(422, "validation_error", "The `from` domain is not verified.");
    if (idempotencyKey !== null) {
      const earlier = byKey.get(idempotencyKey);
      if (earlier && earlier.body !== raw) {
        return resendError(
          409,
          "invalid_idempotent_request",
          "Same idempotency key used with a different request payload.",
        );
      }
      if (earlier) return answer(earlier.id);
    }
    if (quota !== undefined && emails.length >= quota) {
      return resendError(
        429,
        "daily_quota_exceeded",
        "You have reached your daily email sending quota.",
      );
    }
    const id = crypto.randomUUID();
    if (idempotencyKey !== null) byKey.set(idempotencyKey, { body: raw, id });
    emails.push({ id, idempotencyKey, body });
    return answer(id);
  };
  const listen = (port: number) =>
    Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, handler);
  let server: Deno.HttpServer<Deno.NetAddr> | undefined = listen(0);
  const port = server.addr.port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    emails,
    get requests() {
      return requests;
    },
    setMode(next: Mode) {
      mode = next;
    },
    /** Sends at most `emails` in all (undefined: no quota), then answers as Resend does. */
    setQuota(emails: number | undefined) {
      quota = emails;
    },
    /** Closes the port: senders get "connection refused" until `acceptConnections`. */
    async refuseConnections() {
      await server?.shutdown();
      server = undefined;
    },
    acceptConnections() {
      server ??= listen(port);
    },
    close: async () => {
      await server?.shutdown();
    },
  };
}
