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
 * the queue says why. `retryable` keeps each notification queued for after the fix, where the
 * deliverer waits for that fix anyway (a refused log provider: /deliver refuses until then).
 */
export function misconfiguredProvider(
  name: string,
  problem: string,
  retryable = false,
): { readonly name: string; send(): Promise<SendResult> } {
  return {
    name,
    send: () => Promise.resolve({ ok: false, retryable, error: `misconfigured: ${problem}` }),
  };
}
