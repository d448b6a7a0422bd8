import { toHex } from "./hex.ts";
import { hmacSha256 } from "./hmac.ts";

/**
 * The visitor's address: the first entry of the header the platform sets and a client cannot
 * (CLIENT_ADDRESS_HEADER, cf-connecting-ip by default: supabase/README.md, "Client addresses"),
 * else "unknown". No other header is read: X-Forwarded-For, X-Real-IP and the like reach a hosted
 * function as the client wrote them, and a limit keyed on them is one a client picks itself.
 */
export function clientAddress(headers: Headers, header: string): string {
  return headers.get(header)?.split(",")[0]?.trim() || "unknown";
}

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Bytes(text: string): number[] | undefined {
  const parts = ipv4.exec(text)?.slice(1).map(Number);
  return parts?.every((part) => part <= 255) ? parts : undefined;
}

/** An IPv6 address's eight groups, or undefined when the text is not one. */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(":");
    for (const [index, part] of parts.entries()) {
      const embedded = index === parts.length - 1 ? ipv4Bytes(part) : undefined;
      if (embedded) {
        groups.push(((embedded[0] ?? 0) << 8) | (embedded[1] ?? 0));
        groups.push(((embedded[2] ?? 0) << 8) | (embedded[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/.test(part)) groups.push(Number.parseInt(part, 16));
      else return undefined;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/**
 * What a client is limited by: an IPv4 address as it is; an IPv6 address by its /64, the
 * network one subscriber usually holds whole (so its 2^64 addresses count as one client); an
 * IPv4 address written as IPv6 (::ffff:a.b.c.d) as that IPv4 address. Anything else as it came.
 * Hand-written: the platform's header holds one address, and these few rules are all it needs.
 */
export function clientKey(address: string): string {
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  const v4 = ipv4Bytes(text);
  if (v4) return v4.join(".");
  const groups = ipv6Groups(text);
  if (!groups) return address.trim().slice(0, 100);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * A keyed hash, not a plain one: the IPv4 space is small enough to reverse an unkeyed SHA-256 by
 * brute force, so a leaked table must not reveal addresses without the secret too.
 */
export async function hashClientAddress(address: string, secret: string): Promise<string> {
  return toHex(await hmacSha256(secret, address));
}
