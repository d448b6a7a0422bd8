const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The visitor's address as Supabase's gateway reports it: the first entry of X-Forwarded-For.
 * The local gateway sets the header the same way.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || "unknown";
}

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

/**
 * A keyed hash, not a plain one: the IPv4 space is small enough to reverse an unkeyed SHA-256 by
 * brute force, so a leaked table must not reveal addresses without the secret too.
 */
export async function hashClientAddress(address: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(address),
  );
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}
