const encoder = new TextEncoder();

/** Compares in time independent of where the strings differ, so a key cannot be guessed byte by byte. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  }
  return difference === 0;
}

/** True when a secret is configured and the request's header holds exactly it. */
export function hasSecret(provided: string | null, secret: string | undefined): boolean {
  return secret !== undefined && provided !== null && constantTimeEqual(provided, secret);
}
