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
      return notify.resendApiKey
        ? resendProvider({ apiKey: notify.resendApiKey, baseUrl: notify.resendApiUrl })
        : misconfiguredProvider("resend", "RESEND_API_KEY is not set");
    default:
      return misconfiguredProvider(notify.provider, `unknown NOTIFY_PROVIDER "${notify.provider}"`);
  }
}
