import { constantTimeEqual } from "../platform/secrets.ts";

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
