import { localPublishableKey } from "../src/env.ts";
import { type LoopbackAnswer, loopbackRequest } from "./loopbackRequest.ts";

const siteOrigin = "http://localhost:8080";

function leadHeaders(origin: string): Record<string, string> {
  return { apikey: localPublishableKey, "content-type": "application/json", origin };
}

/**
 * Posts a lead to a stack's function as the site's script does: JSON, the local publishable key,
 * from the site's origin (the local one, `pnpm start`'s, unless told).
 */
export function postLead(
  functionsUrl: string,
  fields: Record<string, unknown>,
  origin = siteOrigin,
): Promise<Response> {
  return fetch(functionsUrl, {
    method: "POST",
    headers: leadHeaders(origin),
    body: JSON.stringify(fields),
  });
}

/**
 * Posts a lead as `postLead` does, on a connection of its own from the loopback address `from`
 * (127.0.0.0/8): the gateway stamps the socket's address as the client's, as a real proxy does,
 * so each address is a visitor of its own to the function's per-client rules.
 */
export function postLeadFrom(
  functionsUrl: string,
  fields: Record<string, unknown>,
  from: string,
): Promise<LoopbackAnswer> {
  return loopbackRequest(functionsUrl, {
    method: "POST",
    headers: leadHeaders(siteOrigin),
    body: JSON.stringify(fields),
    from,
  });
}

/** The loopback address of simulated client `index` (0-based): 127.0.1.1, 127.0.1.2, … */
export function benchClientAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
}
