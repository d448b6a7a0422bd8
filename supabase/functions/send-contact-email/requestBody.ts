export type BodyRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: 400 | 413 | 415; error: string };

function isJsonContentType(value: string | null): boolean {
  const mediaType = value?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * Reads a JSON object of at most maxBytes. The declared Content-Length is checked first, and the
 * stream is counted too, because a chunked body declares no length.
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<BodyRead> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return {
      ok: false,
      status: 415,
      error: "Send the contact request as JSON (Content-Type: application/json).",
    };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    error: `The request is too large: a contact request is at most ${maxBytes / 1024} KB.`,
  } as const;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge;

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, status: 400, error: "The request body is not valid JSON." };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { ok: false, status: 400, error: "The request body must be a JSON object." };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}
