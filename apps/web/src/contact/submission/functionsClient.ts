import { contactFunction } from "@bluewater/content";
import { FunctionsClient } from "@supabase/functions-js";
import { contactFunctionUrl, supabaseConfig } from "../../config/supabaseConfig.ts";

/**
 * supabase-js's own client for Edge Functions (what `supabase.functions` returns), without the
 * rest of supabase-js. `createClient()` also builds the auth, realtime, storage and database
 * clients, which this page never uses: with them the sending code was 70 KB (gzip), without them
 * 16 KB, fetched on the visitor's first focus in the form beside the app itself, on a phone that
 * sends its request seconds later (docs/page.md, "The first acts"). It sends what supabase-js
 * sends to a function: the key as `apikey`, and as a Bearer token only when it is a legacy JWT
 * key (a publishable key, `sb_publishable_…`, is not a JWT and must not be sent as one).
 */
function makeFunctionsClient(key: string): FunctionsClient {
  const isJwtKey = !key.startsWith("sb_publishable_") && !key.startsWith("sb_secret_");
  // The project's functions: the contact function's address, less its name.
  const functionsUrl = contactFunctionUrl.slice(0, -`/${contactFunction.name}`.length);
  return new FunctionsClient(functionsUrl, {
    headers: isJwtKey ? { apikey: key, Authorization: `Bearer ${key}` } : { apikey: key },
  });
}

let client: FunctionsClient | undefined;

/** One client per page, made on first use: it is loaded only once a visitor needs it. */
export function functionsClient(): FunctionsClient {
  client ??= makeFunctionsClient(supabaseConfig.publishableKey);
  return client;
}
