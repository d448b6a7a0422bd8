import type { SendResult } from "./emailProvider.ts";

export interface SmsMessage {
  /** The recipient, in E.164 form. */
  to: string;
  body: string;
}

/** One attempt at one notification: what a provider needs to never send it twice. */
export interface SmsAttempt {
  /** The same for every attempt of one notification. */
  idempotencyKey: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the notification was queued: no message sent before it can be one of its attempts. */
  queuedAt: Date;
}

/** Sends one rendered text message. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, attempt: SmsAttempt): Promise<SendResult>;
}
