import { createContactHandler } from "./handler.ts";
import { createEmailProvider, createSmsProvider } from "./outbox/providers/createProvider.ts";
import { readConfig } from "./platform/config.ts";
import { connectDatabase } from "./platform/database.ts";

/** Supabase's runtime global: keeps the isolate alive for work that outlives the response. */
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

const config = readConfig((name) => Deno.env.get(name));
// Locally the development secrets serve; a deployed project fails closed instead (handler.ts).
if (!config.deployed && config.usesDevIpHashSecret) {
  console.warn("IP_HASH_SECRET is not set: using the local development secret.");
}
if (!config.deployed && config.contactLink.usesDevSecret) {
  console.warn(
    "CONTACT_LINK_SECRET is not set: the links of the owner's alerts use the local development secret.",
  );
}
if (config.siteUrl === undefined) {
  console.warn("SITE_URL is not set and ALLOWED_ORIGINS names no site: alerts carry no link.");
}
if (config.publicApiKeys.length === 0) {
  console.warn("No public API keys configured (PUBLIC_API_KEYS): every request will get 401.");
}

const handler = createContactHandler({
  config,
  db: config.databaseUrl ? connectDatabase(config.databaseUrl, config.databasePoolMax) : undefined,
  providers: {
    email: createEmailProvider(config.notify, config.unsafeProviders.NOTIFY_PROVIDER),
    sms: createSmsProvider(
      config.sms,
      config.notify.logFile,
      config.unsafeProviders.NOTIFY_SMS_PROVIDER,
    ),
  },
  runInBackground: (task) => {
    const guarded = task.catch((error: unknown) => console.error("notification failed", error));
    if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(guarded);
  },
});

Deno.serve(handler);
