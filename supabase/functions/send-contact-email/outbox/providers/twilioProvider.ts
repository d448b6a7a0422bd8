import { type SendResult, throttled } from "./emailProvider.ts";
import type { SmsAttempt, SmsMessage, SmsProvider } from "./smsProvider.ts";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number; or else `messagingServiceSid`, a Messaging Service that picks one. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** https://api.twilio.com; a test points it at a fake. */
  baseUrl: string;
  timeoutMs?: number;
}

/** Twilio's error body: `{ code, message, more_info, status }`. */
interface TwilioError {
  code?: unknown;
  message?: unknown;
}

/** The fields of a Message resource this provider reads. */
interface TwilioMessage {
  sid?: unknown;
  body?: unknown;
  date_created?: unknown;
}

type Answer = { ok: true; status: number; body: unknown } | { ok: false; result: SendResult };

function failure(response: Response, body: unknown): SendResult {
  const { status } = response;
  const detail = (body ?? {}) as TwilioError;
  const code = typeof detail.code === "number" ? ` ${detail.code}` : "";
  const message = typeof detail.message === "string" ? detail.message : response.statusText;
  const error = `twilio ${status}${code}: ${message}`;
  // A rate limit (20429) waits without spending an attempt; outages pass; a refused number or
  // key will not fix itself.
  if (status === 429) return throttled(error, response.headers.get("retry-after"), 30);
  return { ok: false, retryable: status >= 500, error };
}

// Clocks differ: a message Twilio dates a little before the notification may still be its own.
const clockSkewMs = 5 * 60_000;

/**
 * Twilio's Messages API (2010-04-01): POST …/Accounts/{AccountSid}/Messages.json with HTTP Basic
 * auth (AccountSid:AuthToken) and form fields To, Body and From (or MessagingServiceSid); 201
 * answers the Message resource `{ sid, status, … }`, errors answer `{ code, message, more_info,
 * status }`. Twilio takes no idempotency key, so before any attempt after the first, the provider
 * lists the recent messages to the same number (GET Messages.json?To=…) and, when one already
 * carries this body (a send whose answer was lost, or whose deliverer died before it recorded
 * it), takes that one instead of texting the owner twice; a message the text replaces because it
 * did not arrive is not one of them. StatusCallback asks Twilio to post the message's delivery
 * receipts to the function (smsStatusRoute.ts).
 */
export function twilioProvider(options: TwilioOptions): SmsProvider {
  const messages = `${options.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`;

  async function call(url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization, accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return {
        ok: false,
        result: { ok: false, retryable: true, error: `twilio unreachable: ${String(error)}` },
      };
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) return { ok: false, result: failure(response, body) };
    return { ok: true, status: response.status, body };
  }

  /** The sid of a message an earlier attempt already sent, or undefined when there is none. */
  async function earlierSend(
    message: SmsMessage,
    attempt: SmsAttempt,
  ): Promise<{ ok: true; sid: string | undefined } | { ok: false; result: SendResult }> {
    const query = new URLSearchParams({ To: message.to, PageSize: "50" });
    if (options.from) query.set("From", options.from);
    const answer = await call(`${messages}?${query}`, { method: "GET" });
    if (!answer.ok) return answer;
    const list = (answer.body as { messages?: unknown } | undefined)?.messages;
    const earlier = (Array.isArray(list) ? (list as TwilioMessage[]) : []).find(
      (sent) =>
        typeof sent.sid === "string" &&
        typeof sent.body === "string" &&
        // A trial account puts its own words before the body.
        sent.body.endsWith(message.body) &&
        Date.parse(String(sent.date_created)) >= attempt.queuedAt.getTime() - clockSkewMs &&
        sent.sid !== attempt.supersededMessageId,
    );
    return { ok: true, sid: typeof earlier?.sid === "string" ? earlier.sid : undefined };
  }

  return {
    name: "twilio",
    async send(message: SmsMessage, attempt: SmsAttempt): Promise<SendResult> {
      if (attempt.attempt > 1) {
        const earlier = await earlierSend(message, attempt);
        if (!earlier.ok) return earlier.result;
        if (earlier.sid) return { ok: true, messageId: earlier.sid };
      }
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (message.statusCallback) form.set("StatusCallback", message.statusCallback);
      if (options.messagingServiceSid) form.set("MessagingServiceSid", options.messagingServiceSid);
      else if (options.from) form.set("From", options.from);
      const answer = await call(messages, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      if (!answer.ok) return answer.result;
      const sid = (answer.body as TwilioMessage | undefined)?.sid;
      return typeof sid === "string"
        ? { ok: true, messageId: sid }
        : { ok: false, retryable: true, error: "twilio answered without a sid" };
    },
  };
}
