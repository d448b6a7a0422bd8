import type { FunctionConfig } from "../platform/config.ts";
import type { Database } from "../platform/database.ts";
import { failureOf, type Log } from "../platform/failure.ts";
import { functionUrlFor } from "../platform/functionUrl.ts";
import { errorResponse, jsonResponse } from "../platform/http.ts";
import { bodyKindOf, readBody } from "../platform/requestBody.ts";
import { isTwilioSignature } from "./providers/twilioSignature.ts";
import {
  finalStatuses,
  notificationField,
  type ReceiptStatus,
  recordReceipt,
  smsStatusRoute,
} from "./smsReceipts.ts";

export interface SmsStatusRouteDeps {
  config: FunctionConfig;
  database: () => Database;
  now: () => Date;
  log: Log;
}

/** Twilio's receipt is a dozen short fields: a larger body is not one. */
const maxReceiptBytes = 4096;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isFinal = (status: string | undefined): status is ReceiptStatus =>
  finalStatuses.some((final) => final === status);

/**
 * `/sms-status`, Twilio's StatusCallback (docs/function.md, "Delivery receipts"): a form POST
 * signed with X-Twilio-Signature, the only proof it is Twilio's, since Twilio sends no API key and
 * no Origin. Answers JSON and no CORS headers, so no page may read it. A final state (delivered,
 * undelivered, failed) is kept on the text's notification; the others only say it is on its way.
 */
export async function answerSmsStatusRoute(
  request: Request,
  deps: SmsStatusRouteDeps,
): Promise<Response> {
  const authToken = deps.config.sms.twilio.authToken;
  if (request.method !== "POST") {
    return errorResponse(405, "Only Twilio's POST is taken here.", { allow: "POST" });
  }
  if (!authToken) return errorResponse(403, "Receipts need TWILIO_AUTH_TOKEN to be checked.");
  if (bodyKindOf(request.headers.get("content-type")) !== "form") {
    return errorResponse(415, "A receipt is form fields (application/x-www-form-urlencoded).");
  }
  const body = await readBody(request, "form", maxReceiptBytes);
  if (!body.ok) return errorResponse(body.status, body.error);
  const params = body.value as Record<string, string>;
  const search = new URL(request.url).search;
  const url = `${functionUrlFor(request, deps.config.functionUrl)}${smsStatusRoute}${search}`;
  const signature = request.headers.get("x-twilio-signature");
  if (!(await isTwilioSignature(authToken, url, params, signature))) {
    return errorResponse(403, "The X-Twilio-Signature does not match this request.");
  }
  const notificationId = new URLSearchParams(search).get(notificationField) ?? "";
  const status = params.MessageStatus;
  if (!uuid.test(notificationId) || !params.MessageSid) {
    return errorResponse(400, "The receipt names no notification or message.");
  }
  if (!isFinal(status)) return jsonResponse(200, { recorded: false });
  try {
    const receipt = {
      notificationId,
      messageSid: params.MessageSid,
      status,
      errorCode: params.ErrorCode?.slice(0, 16) || undefined,
    };
    return jsonResponse(200, {
      recorded: await recordReceipt(deps.database(), receipt, deps.now()),
    });
  } catch (error) {
    const failure = failureOf(error, deps.log);
    return errorResponse(failure.status, failure.error);
  }
}
