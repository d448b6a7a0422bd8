import type { SendResult } from "./emailProvider.ts";

export interface SmsMessage {
  /** The recipient, in E.164 form. */
  to: string;
  body: string;
  /** Where the provider posts the message's delivery receipts (Twilio's StatusCallback). */
  statusCallback?: string | undefined;
}

/** One attempt at one notification: what a provider needs to never send it twice. */
export interface SmsAttempt {
  /** The same for every attempt of one notification. */
  idempotencyKey: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the notification was queued: no message sent before it can be one of its attempts. */
  queuedAt: Date;
  /** A text sent again because it did not arrive: the earlier message, never one of its attempts. */
  supersededMessageId?: string | undefined;
}

/** Sends one rendered text message. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, attempt: SmsAttempt): Promise<SendResult>;
}
