const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** SHA-256 for our own signatures; SHA-1 where a provider signs with it (Twilio's webhooks). */
export type HmacHash = "SHA-256" | "SHA-1";

function hmacKey(secret: string, hash: HmacHash): Promise<CryptoKey> {
  const name = `${hash}\n${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash }, false, [
      "sign",
    ]);
    keys.set(name, key);
  }
  return key;
}

/** HMAC of `text` (UTF-8) with `secret`, through WebCrypto; each secret's key is imported once. */
export async function hmac(secret: string, text: string, hash: HmacHash): Promise<ArrayBuffer> {
  return await crypto.subtle.sign("HMAC", await hmacKey(secret, hash), encoder.encode(text));
}

/** HMAC-SHA-256 of `text` (UTF-8) with `secret`. */
export async function hmacSha256(secret: string, text: string): Promise<ArrayBuffer> {
  return await hmac(secret, text, "SHA-256");
}

/** Bytes as base64url without padding: a token that fits an address or a header as it is. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
