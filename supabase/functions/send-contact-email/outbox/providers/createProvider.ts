import type { FunctionConfig } from "../../platform/config.ts";
import { type EmailProvider, misconfiguredProvider } from "./emailProvider.ts";
import { logProvider, logSmsProvider } from "./logProvider.ts";
import { resendProvider } from "./resendProvider.ts";
import type { SmsProvider } from "./smsProvider.ts";
import { twilioProvider } from "./twilioProvider.ts";

/**
 * Picks the provider NOTIFY_PROVIDER names. Hosted functions cannot use SMTP ports, so no SMTP.
 * `refused` is the error of a log provider on a deployed project (config.ts, unsafeProviders).
 */
export function createEmailProvider(
  notify: FunctionConfig["notify"],
  refused?: string,
): EmailProvider {
  switch (notify.provider) {
    case "log":
      if (refused) return misconfiguredProvider("log", refused, true);
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

/** Picks the provider NOTIFY_SMS_PROVIDER names; what is missing fails every SMS, visibly. */
export function createSmsProvider(
  sms: FunctionConfig["sms"],
  logFile: string | undefined,
  refused?: string,
): SmsProvider {
  switch (sms.provider) {
    case "log":
      if (refused) return misconfiguredProvider("log", refused, true);
      return logSmsProvider({ file: logFile });
    case "twilio": {
      const { accountSid, authToken, apiUrl } = sms.twilio;
      if (!accountSid || !authToken) {
        return misconfiguredProvider(
          "twilio",
          "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must both be set",
        );
      }
      if (!sms.from && !sms.messagingServiceSid) {
        return misconfiguredProvider(
          "twilio",
          "NOTIFY_SMS_FROM (the Twilio number) or TWILIO_MESSAGING_SERVICE_SID must be set",
        );
      }
      return twilioProvider({
        accountSid,
        authToken,
        from: sms.from,
        messagingServiceSid: sms.messagingServiceSid,
        baseUrl: apiUrl,
      });
    }
    default:
      return misconfiguredProvider(sms.provider, `unknown NOTIFY_SMS_PROVIDER "${sms.provider}"`);
  }
}
