import type { FunctionConfig } from "../config.ts";
import { type EmailProvider, misconfiguredProvider } from "./emailProvider.ts";
import { logProvider } from "./logProvider.ts";
import { resendProvider } from "./resendProvider.ts";

/** Picks the provider NOTIFY_PROVIDER names. Hosted functions cannot use SMTP ports, so no SMTP. */
export function createEmailProvider(notify: FunctionConfig["notify"]): EmailProvider {
  switch (notify.provider) {
    case "log":
      return logProvider({ file: notify.logFile });
    case "resend":
      if (!notify.resendApiKey) return misconfiguredProvider("resend", "RESEND_API_KEY is not set");
      // Real email to the placeholder addresses would look delivered and reach nobody; failing
      // instead keeps every lead in the queue, visible in `pnpm leads`, until this is fixed.
      if (!notify.addressesConfigured) {
        return misconfiguredProvider("resend", "NOTIFY_TO and NOTIFY_FROM must both be set");
      }
      return resendProvider({ apiKey: notify.resendApiKey, baseUrl: notify.resendApiUrl });
    default:
      return misconfiguredProvider(notify.provider, `unknown NOTIFY_PROVIDER "${notify.provider}"`);
  }
}
