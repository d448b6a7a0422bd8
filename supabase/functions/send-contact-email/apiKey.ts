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

/**
 * Publishable keys (`sb_publishable_…`) are not JWTs, so the function is deployed with
 * verify_jwt = false and checks the key against the configured ones: the `apikey` header
 * supabase-js sends, or a plain form's `apikey` field.
 */
export function hasAcceptedApiKey(key: string | null, acceptedKeys: readonly string[]): boolean {
  if (!key) return false;
  let accepted = false;
  for (const candidate of acceptedKeys) accepted = constantTimeEqual(key, candidate) || accepted;
  return accepted;
}

export function hasSecret(provided: string | null, secret: string | undefined): boolean {
  return secret !== undefined && provided !== null && constantTimeEqual(provided, secret);
}
