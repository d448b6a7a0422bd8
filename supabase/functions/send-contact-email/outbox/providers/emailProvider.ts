import type { EmailMessage } from "../messages/emailMessage.ts";

export type SendResult =
  | { ok: true; messageId: string }
  | {
      ok: false;
      retryable: boolean;
      error: string;
      /** A refusal of the provider's own budget (`throttled`): try again after this, no attempt spent. */
      waitSeconds?: number;
    };

/** The longest a provider's Retry-After is followed: a day, so a notification is never parked. */
const longestWaitSeconds = 86_400;

/**
 * A provider's 429: a refusal of its own budget (requests a second, emails a day or a month),
 * not of this message. It costs the notification no attempt, and it is tried again after the
 * provider's `Retry-After` (in seconds), or after `fallbackSeconds`. Counted as attempts, a
 * quota a stranger's leads used up would make a real lead's alert run out of them and fail for
 * good; waiting, it goes out once the quota comes back.
 */
export function throttled(
  error: string,
  retryAfter: string | null,
  fallbackSeconds: number,
): SendResult {
  const asked = Number(retryAfter ?? Number.NaN);
  const waitSeconds =
    Number.isFinite(asked) && asked > 0
      ? Math.min(Math.ceil(asked), longestWaitSeconds)
      : fallbackSeconds;
  return { ok: false, retryable: true, error, waitSeconds };
}

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
