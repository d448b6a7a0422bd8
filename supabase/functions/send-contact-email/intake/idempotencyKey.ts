import { contactAnswerErrors, isRequestId } from "@bluewater/content/contact";
import { toHex } from "../platform/hex.ts";

export type RequestKey = { ok: true; requestId: string | undefined } | { ok: false; error: string };

const maxKeyLength = 255;
/** Visible ASCII; a double quote only as the quoted form's delimiter. */
const bareKey = /^[\x21\x23-\x7e]+$/;
const quotedKey = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])+)"$/;

/**
 * The Idempotency-Key header's key. The IETF draft makes it a Structured Field string (quoted);
 * most clients send it bare, as Stripe documents, so both are read.
 */
function headerKey(value: string): string | undefined {
  const trimmed = value.trim();
  const quoted = quotedKey.exec(trimmed);
  const key = quoted?.[1] ? quoted[1].replace(/\\(["\\])/g, "$1") : trimmed;
  if (!quoted && !bareKey.test(key)) return undefined;
  return key.length <= maxKeyLength ? key : undefined;
}

/**
 * Leads are keyed by a UUID. A key that is a UUID is used as it is, so the header and the
 * body's requestId name the same lead; any other key maps to a name-based UUID (version 8) of
 * its SHA-256 and its sender (`sender`, the client's address hash). Such keys are often counted
 * (`crm-lead-1042`), so a stranger could guess a partner's next one and claim it first with a
 * body of their own, and the partner's real lead under it would be refused; scoped to the
 * sender, it is not the partner's key. A random UUID cannot be guessed, so it stays global.
 */
async function uuidFor(key: string, sender: string): Promise<string> {
  if (isRequestId(key)) return key.toLowerCase();
  const name = `Idempotency-Key ${sender} ${key}`;
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name)),
  );
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The request's idempotency key as a lead's request id: the Idempotency-Key header, or the
 * body's requestId (the site's own form), or undefined when the sender gave neither and the
 * server makes the id. Both at once must name the same request.
 */
export async function requestKeyOf(
  header: string | null,
  bodyRequestId: string | undefined,
  sender: string,
): Promise<RequestKey> {
  if (header === null) return { ok: true, requestId: bodyRequestId };
  const key = headerKey(header);
  if (key === undefined) return { ok: false, error: contactAnswerErrors.idempotencyKey };
  const requestId = await uuidFor(key, sender);
  if (bodyRequestId !== undefined && bodyRequestId !== requestId) {
    return { ok: false, error: contactAnswerErrors.twoKeys };
  }
  return { ok: true, requestId };
}
