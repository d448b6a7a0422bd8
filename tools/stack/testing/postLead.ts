import { localPublishableKey } from "../src/env.ts";

/**
 * Posts a lead to a stack's function as the site's script does: JSON, the local publishable key,
 * from the site's origin (the local one, `pnpm start`'s, unless told).
 */
export function postLead(
  functionsUrl: string,
  fields: Record<string, unknown>,
  origin = "http://localhost:8080",
): Promise<Response> {
  return fetch(functionsUrl, {
    method: "POST",
    headers: {
      apikey: localPublishableKey,
      "content-type": "application/json",
      origin,
    },
    body: JSON.stringify(fields),
  });
}
