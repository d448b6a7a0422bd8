import { toHex } from "./hex.ts";
import { hmacSha256 } from "./hmac.ts";

/**
 * The visitor's address: the first entry of the configured header (CLIENT_ADDRESS_HEADER,
 * X-Forwarded-For by default, which the local gateway overwrites with the socket's address).
 * Which header a hosted platform sets and a client cannot forge is a deployment fact, not a code
 * one: supabase/README.md says how to check it, and a header such as cf-connecting-ip can be named.
 */
export function clientAddress(headers: Headers, header = "x-forwarded-for"): string {
  const forwarded = headers.get(header)?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || "unknown";
}

/**
 * A keyed hash, not a plain one: the IPv4 space is small enough to reverse an unkeyed SHA-256 by
 * brute force, so a leaked table must not reveal addresses without the secret too.
 */
export async function hashClientAddress(address: string, secret: string): Promise<string> {
  return toHex(await hmacSha256(secret, address));
}
