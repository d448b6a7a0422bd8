import { localPublishableKey } from "../src/env.ts";

/**
 * Posts a lead to a stack's function as the site's script does: JSON, the local publishable key,
 * from the site's local origin.
 */
export function postLead(functionsUrl: string, fields: Record<string, unknown>): Promise<Response> {
  return fetch(functionsUrl, {
    method: "POST",
    headers: {
      apikey: localPublishableKey,
      "content-type": "application/json",
      origin: "http://localhost:8080",
    },
    body: JSON.stringify(fields),
  });
}
