import { createHmac } from "node:crypto";
import { e164 } from "../../functions/_shared/deployedSettings.ts";
import {
  gsmSegments,
  isGsmText,
} from "../../functions/send-contact-email/outbox/messages/smsText.ts";

export interface TwilioFakeMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  dateCreated: Date;
  numSegments: number;
  /** The StatusCallback the sender asked for, if any: where Twilio posts the message's receipts. */
  statusCallback: string | undefined;
}

/** A message's final states as Twilio reports them to its StatusCallback. */
export type TwilioReceiptStatus = "delivered" | "undelivered" | "failed";

/**
 * X-Twilio-Signature as Twilio documents it (webhooks security): the full URL, then each POST
 * parameter's name and value in the order of their names, HMAC-SHA1 with the auth token, base64.
 * Written here with node:crypto, apart from the function's WebCrypto, so the two check each other.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const sorted = [...params].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1,
  );
  const signed = url + sorted.map(([name, value]) => `${name}${value}`).join("");
  return createHmac("sha1", authToken).update(signed).digest("base64");
}

/**
 * What Twilio posts to a message's StatusCallback when the carrier reports it, signed with the
 * account's auth token: its documented parameters (MessageSid, MessageStatus, SmsSid, SmsStatus,
 * AccountSid, From, To, ApiVersion), ErrorCode on a failure, RawDlrDoneDate on delivery.
 */
export function twilioReceipt(receipt: {
  url: string;
  accountSid: string;
  authToken: string;
  sid: string;
  from: string;
  to: string;
  status: TwilioReceiptStatus;
  errorCode?: string | undefined;
}): Request {
  const params = new URLSearchParams({
    AccountSid: receipt.accountSid,
    ApiVersion: "2010-04-01",
    From: receipt.from,
    MessageSid: receipt.sid,
    MessageStatus: receipt.status,
    SmsSid: receipt.sid,
    SmsStatus: receipt.status,
    To: receipt.to,
  });
  if (receipt.errorCode) params.set("ErrorCode", receipt.errorCode);
  if (receipt.status === "delivered") params.set("RawDlrDoneDate", "2605041814");
  return new Request(receipt.url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded; charset=utf-8",
      "user-agent": "TwilioProxy/1.1",
      "i-twilio-idempotency-token": crypto.randomUUID(),
      "x-twilio-signature": twilioSignature(receipt.authToken, receipt.url, params),
    },
    body: params.toString(),
  });
}

/**
 * up: sends; down: answers 500; rateLimited: answers 429 (20429); refusing: answers 400 (21610,
 * the number unsubscribed); answerLost: sends, but the answer is lost on the way back (a 502
 * from Twilio's edge), so the sender cannot know the message went out.
 */
type Mode = "up" | "down" | "rateLimited" | "refusing" | "answerLost";

/** Twilio's error body, `{ code, message, more_info, status }`, with the HTTP status. */
function twilioError(status: number, code: number, message: string): Response {
  return Response.json(
    { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    { status },
  );
}

/** Segments as Twilio counts them: GSM-7 (160, or 153 a part) or else UCS-2 (70, or 67 a part). */
function segmentsOf(body: string): number {
  if (isGsmText(body)) return gsmSegments(body);
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

function resource(message: TwilioFakeMessage, accountSid: string) {
  return {
    sid: message.sid,
    account_sid: accountSid,
    to: message.to,
    from: message.from,
    body: message.body,
    status: "queued",
    num_segments: String(message.numSegments),
    direction: "outbound-api",
    date_created: message.dateCreated.toUTCString().replace("GMT", "+0000"),
    date_sent: null,
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  };
}

/**
 * A stand-in for api.twilio.com that holds a sender to the Messages API's documented contract:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (AccountSid:AuthToken)
 * and form fields To, Body and From or MessagingServiceSid; 201 with the Message resource; errors
 * `{ code, message, more_info, status }` (20003 authenticate, 21211 invalid To, 21602 no body,
 * 21603 no From, 20429 too many requests); GET of the same address lists the messages, newest
 * first, filtered by To and From. Like Twilio, it takes no idempotency key: every POST sends.
 */
export function startTwilioFake(accountSid: string, authToken: string) {
  let mode: Mode = "up";
  const messages: TwilioFakeMessage[] = [];
  let requests = 0;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const expectedAuthorization = `Basic ${btoa(`${accountSid}:${authToken}`)}`;

  const list = (url: URL) => {
    const to = url.searchParams.get("To");
    const from = url.searchParams.get("From");
    const pageSize = Number(url.searchParams.get("PageSize") ?? "50");
    const found = messages
      .filter(
        (message) => (to === null || message.to === to) && (from === null || message.from === from),
      )
      .toReversed()
      .slice(0, pageSize);
    return Response.json({
      messages: found.map((message) => resource(message, accountSid)),
      page: 0,
      page_size: pageSize,
      first_page_uri: `${path}?PageSize=${pageSize}&Page=0`,
      next_page_uri: null,
      previous_page_uri: null,
      uri: `${path}${url.search}`,
      start: 0,
      end: Math.max(0, found.length - 1),
    });
  };

  const handler = async (request: Request): Promise<Response> => {
    requests += 1;
    const url = new URL(request.url);
    if (url.pathname !== path)
      return twilioError(404, 20404, "The requested resource was not found");
    if (request.headers.get("authorization") !== expectedAuthorization) {
      return twilioError(401, 20003, "Authenticate");
    }
    if (request.method === "GET") return list(url);
    if (request.method !== "POST") return twilioError(405, 20004, "Method not allowed");
    if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) {
      return twilioError(400, 21602, "Message body is required.");
    }
    const form = new URLSearchParams(await request.text());
    const to = form.get("To");
    const body = form.get("Body") ?? "";
    const from = form.get("From") ?? (form.get("MessagingServiceSid") ? "+15005550006" : null);
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!e164.test(to)) {
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (body === "") return twilioError(400, 21602, "Message body is required.");
    const callback = form.get("StatusCallback");
    if (callback !== null && !/^https?:\/\/\S+$/.test(callback)) {
      return twilioError(400, 21609, "Invalid StatusCallback URL");
    }
    if (body.length > 1600) {
      return twilioError(
        400,
        21617,
        "The concatenated message body exceeds the 1600 character limit.",
      );
    }
    if (mode === "down") return twilioError(500, 20500, "An internal server error has occurred");
    if (mode === "rateLimited") return twilioError(429, 20429, "Too Many Requests");
    if (mode === "refusing") {
      return twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
    }
    const message: TwilioFakeMessage = {
      sid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      to,
      from,
      body,
      dateCreated: new Date(),
      numSegments: segmentsOf(body),
      statusCallback: form.get("StatusCallback") ?? undefined,
    };
    messages.push(message);
    if (mode === "answerLost") return new Response("Bad Gateway", { status: 502 });
    return Response.json(resource(message, accountSid), { status: 201 });
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);

  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}`,
    messages,
    get requests() {
      return requests;
    },
    setMode(next: Mode) {
      mode = next;
    },
    /** The request Twilio makes to a message's StatusCallback when the carrier reports it. */
    receipt(sid: string, status: TwilioReceiptStatus, errorCode?: string): Request {
      const message = messages.find((sent) => sent.sid === sid);
      if (!message?.statusCallback) throw new Error(`no StatusCallback was asked for ${sid}`);
      return twilioReceipt({
        ...message,
        url: message.statusCallback,
        accountSid,
        authToken,
        status,
        errorCode,
      });
    },
    close: () => server.shutdown(),
  };
}
