import { contactAnswerErrors } from "@bluewater/content/contact";
import { parseFormFields } from "./formFields.ts";

/** The bodies the function reads: the site's JSON, and a plain HTML form's fields. */
export type BodyKind = "json" | "form";

export type BodyRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: 400 | 413; error: string };

export function bodyKindOf(contentType: string | null): BodyKind | undefined {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "application/json") return "json";
  if (mediaType === "application/x-www-form-urlencoded") return "form";
  return undefined;
}

/** Why a body was not read: larger than allowed, or not all there by its deadline. */
export type BytesRefusal = "tooLarge" | "late";

/**
 * The body's bytes, or why not: past maxBytes, or (with `deadlineMs`) not complete in time. The
 * declared Content-Length is checked first, and the stream is counted too, because a chunked body
 * declares no length. A body past its deadline is cancelled, so a sender that stalls byte by byte
 * holds its own request only.
 */
export async function readBytes(
  request: Request,
  maxBytes: number,
  deadlineMs?: number,
): Promise<Uint8Array | BytesRefusal> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return "tooLarge";
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      if (deadlineMs !== undefined) timer = setTimeout(() => resolve("late"), deadlineMs);
    });
    try {
      for (;;) {
        const read = await Promise.race([reader.read(), late]);
        if (read === "late") {
          await reader.cancel().catch(() => {});
          return "late";
        }
        if (read.done) break;
        size += read.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return "tooLarge";
        }
        chunks.push(read.value);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function parseJsonObject(bytes: Uint8Array): BodyRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, status: 400, error: contactAnswerErrors.notJson };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, status: 400, error: contactAnswerErrors.notObject };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** Reads a JSON object or form fields of at most maxBytes; both are UTF-8 or refused. */
export async function readBody(
  request: Request,
  kind: BodyKind,
  maxBytes: number,
): Promise<BodyRead> {
  const bytes = await readBytes(request, maxBytes);
  if (typeof bytes === "string") {
    return { ok: false, status: 413, error: contactAnswerErrors.tooLarge(maxBytes) };
  }
  if (kind === "json") return parseJsonObject(bytes);
  const fields = parseFormFields(bytes);
  return fields
    ? { ok: true, value: fields }
    : { ok: false, status: 400, error: contactAnswerErrors.notForm };
}
