import type { EmailMessage } from "../messages/emailMessage.ts";

export type SendResult =
  | { ok: true; messageId: string }
  | { ok: false; retryable: boolean; error: string };

/** Sends one rendered message. The idempotency key is the same for every attempt of one notification. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage, idempotencyKey: string): Promise<SendResult>;
}

/**
 * Stands in, for email or SMS, when the configuration cannot send: leads are still stored, and
 * the queue says why.
 */
export function misconfiguredProvider(
  name: string,
  problem: string,
): { readonly name: string; send(): Promise<SendResult> } {
  return {
    name,
    send: () =>
      Promise.resolve({ ok: false, retryable: false, error: `misconfigured: ${problem}` }),
  };
}
