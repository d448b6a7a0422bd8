import { readConfig } from "./config.ts";
import { connectDatabase } from "./database.ts";
import { createContactHandler } from "./handler.ts";
import { createEmailProvider } from "./providers/createProvider.ts";

/** Supabase's runtime global: keeps the isolate alive for work that outlives the response. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const config = readConfig((name) => Deno.env.get(name));
if (config.usesDevIpHashSecret) {
  console.warn("IP_HASH_SECRET is not set: using the local development secret.");
}
if (config.publicApiKeys.length === 0) {
  console.warn("No public API keys configured (PUBLIC_API_KEYS): every request will get 401.");
}

const handler = createContactHandler({
  config,
  db: config.databaseUrl ? connectDatabase(config.databaseUrl, config.databasePoolMax) : undefined,
  provider: createEmailProvider(config.notify),
  runInBackground: (task) => {
    const guarded = task.catch((error: unknown) => console.error("notification failed", error));
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(guarded);
  },
});

Deno.serve(handler);
