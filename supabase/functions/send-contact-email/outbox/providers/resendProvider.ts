import type { EmailMessage } from "../messages/emailMessage.ts";
import { type EmailProvider, type SendResult, throttled } from "./emailProvider.ts";

export interface ResendOptions {
  apiKey: string;
  /** https://api.resend.com; a test points it at a fake. */
  baseUrl: string;
  timeoutMs?: number;
}

interface ResendError {
  statusCode?: number;
  message?: string;
  name?: string;
}

/**
 * Resend's documented HTTP API: POST /emails with a bearer key and a JSON body; 200 answers
 * `{ id }`, errors answer `{ statusCode, message, name }`. The Idempotency-Key header makes a
 * retried send after a lost answer deliver one email, not two.
 */
export function resendProvider(options: ResendOptions): EmailProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/emails`;
  return {
    name: "resend",
    async send(message: EmailMessage, idempotencyKey: string): Promise<SendResult> {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            "content-type": "application/json",
            "idempotency-key": idempotencyKey,
          },
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            html: message.html,
            ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        return { ok: false, retryable: true, error: `resend unreachable: ${String(error)}` };
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok) {
        const id = (body as { id?: unknown } | undefined)?.id;
        return typeof id === "string"
          ? { ok: true, messageId: id }
          : { ok: false, retryable: true, error: "resend answered without an id" };
      }
      const detail = (body ?? {}) as ResendError;
      const error =
        `resend ${response.status} ${detail.name ?? ""}: ${detail.message ?? response.statusText}`.trim();
      if (response.status === 429) {
        // Resend's documented 429s: rate_limit_exceeded (a second's requests), and
        // daily_quota_exceeded or monthly_quota_exceeded (the plan's emails), tried hourly.
        const quota = /quota/.test(detail.name ?? "");
        return throttled(error, response.headers.get("retry-after"), quota ? 3600 : 30);
      }
      // Outages pass; a rejected request or key will not fix itself by retrying.
      return { ok: false, retryable: response.status >= 500, error };
    },
  };
}
