import { createContactHandler } from "./handler.ts";
import { createEmailProvider, createSmsProvider } from "./outbox/providers/createProvider.ts";
import { readConfig } from "./platform/config.ts";
import { connectDatabase } from "./platform/database.ts";

/** Supabase's runtime global: keeps the isolate alive for work that outlives the response. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const config = readConfig((name) => Deno.env.get(name));
if (config.usesDevIpHashSecret) {
  console.warn("IP_HASH_SECRET is not set: using the local development secret.");
}
if (config.contactLink.usesDevSecret) {
  console.warn(
    "CONTACT_LINK_SECRET is not set: the links of the owner's alerts use the local development secret.",
  );
}
// Supabase serves a GET's HTML as text/plain unless on a custom domain: the page the alerts link to
// would show its source (supabase/README.md, "Marking a lead as called").
if (config.functionUrl && new URL(config.functionUrl).hostname.endsWith(".supabase.co")) {
  console.warn(
    "The mark-as-called page needs a custom domain on hosted Supabase: set one up and CONTACT_FUNCTION_URL.",
  );
}
if (config.publicApiKeys.length === 0) {
  console.warn("No public API keys configured (PUBLIC_API_KEYS): every request will get 401.");
}

const handler = createContactHandler({
  config,
  db: config.databaseUrl ? connectDatabase(config.databaseUrl, config.databasePoolMax) : undefined,
  providers: {
    email: createEmailProvider(config.notify),
    sms: createSmsProvider(config.sms, config.notify.logFile),
  },
  runInBackground: (task) => {
    const guarded = task.catch((error: unknown) => console.error("notification failed", error));
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(guarded);
  },
});

Deno.serve(handler);
