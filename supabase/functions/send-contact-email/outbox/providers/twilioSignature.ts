import { hmac } from "../../platform/hmac.ts";
import { constantTimeEqual } from "../../platform/secrets.ts";

/**
 * Whether a request's X-Twilio-Signature is Twilio's, as its webhooks security documentation
 * defines it: the full URL Twilio requested (the query included), then each POST parameter's name
 * and value, sorted by name, with no separators; HMAC-SHA1 with the account's auth token; base64.
 * A parameter added, removed or changed after signing, or the signature moved to another URL,
 * fails; so does a missing or empty signature.
 */
export async function isTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | null,
): Promise<boolean> {
  if (!signature) return false;
  const sorted = Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = url + sorted.map(([name, value]) => `${name}${value}`).join("");
  const mac = new Uint8Array(await hmac(authToken, signed, "SHA-1"));
  return constantTimeEqual(signature, btoa(String.fromCharCode(...mac)));
}
