import type { ContactRequest } from "@bluewater/content/contact";
import { toHex } from "../platform/hex.ts";

/**
 * SHA-256 of a checked request's content (fields already trimmed by the schema; the email
 * lower-cased, as mail treats it): two posts of the same form have the same fingerprint, which
 * is how a double-click or a resubmitted post without a key is known to be one lead. Text is
 * taken as stored: a lone surrogate becomes U+FFFD in UTF-8, so it does here too.
 */
export async function contentFingerprint(request: ContactRequest): Promise<string> {
  const canonical = JSON.stringify(
    [
      request.name,
      request.phone,
      request.email.toLowerCase(),
      request.service,
      request.message,
    ].map((text) => text.toWellFormed()),
  );
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return toHex(digest);
}
