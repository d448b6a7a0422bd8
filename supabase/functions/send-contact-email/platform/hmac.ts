const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA-256 of `text` (UTF-8) with `secret`, through WebCrypto; each secret's key is imported once. */
export async function hmacSha256(secret: string, text: string): Promise<ArrayBuffer> {
  return await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(text));
}
