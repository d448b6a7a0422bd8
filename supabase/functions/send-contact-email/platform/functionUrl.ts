import { contactFunction } from "@bluewater/content/contact";

/** A host a CSP source list and an attribute can carry as it is: name or address, and a port. */
const plainHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The address the answer page posts back to: the configured one, else this request's own origin
 * with Supabase's function path. The local gateway passes the browser's Host on; Deno names a
 * unix socket's scheme http+unix. Undefined when the Host is not a plain host name, so that no
 * odd header text reaches the page's policy.
 */
export function functionUrlFor(
  request: Request,
  configured: string | undefined,
): string | undefined {
  if (configured) return configured;
  const url = new URL(request.url);
  if (!plainHost.test(url.host)) return undefined;
  return `${url.protocol === "https:" ? "https:" : "http:"}//${url.host}${contactFunction.path}`;
}
