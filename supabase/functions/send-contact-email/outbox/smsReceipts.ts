import sql from "sql-template-tag";
import type { Queryable } from "../platform/database.ts";
import type { UndeliveredText } from "./messages/emailMessage.ts";

/** The route below the function that Twilio posts a text's delivery receipts to. */
export const smsStatusRoute = "/sms-status";

/** The query parameter of the receipt's address that names its notification. */
export const notificationField = "n";

/** A text's final states, as Twilio's MessageStatus names them. */
export const finalStatuses = ["delivered", "undelivered", "failed"] as const;
export type ReceiptStatus = (typeof finalStatuses)[number];

/** Where a text's receipts go: the function's own address, naming the notification. */
export function receiptUrl(
  context: { functionUrl: string | undefined },
  notificationId: string,
): string | undefined {
  return context.functionUrl
    ? `${context.functionUrl}${smsStatusRoute}?${notificationField}=${notificationId}`
    : undefined;
}

export interface Receipt {
  notificationId: string;
  messageSid: string;
  status: ReceiptStatus;
  errorCode: string | undefined;
}

/**
 * Keeps a text's final state on its notification: for the message it records, or, while the
 * send is not recorded yet, for any message but one the text replaced. So a late receipt of a
 * replaced message changes nothing. True when a notification took it.
 */
export async function recordReceipt(db: Queryable, receipt: Receipt, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(sql`
    update public.contact_notifications
    set receipt_status = ${receipt.status}, receipt_error_code = ${receipt.errorCode ?? null},
      receipt_at = ${now}
    where id = ${receipt.notificationId}
      and kind in ('alert-sms', 'escalation-sms', 'summary-sms')
      and (provider_message_id = ${receipt.messageSid}
        or (provider_message_id is null
          and superseded_message_id is distinct from ${receipt.messageSid}))
      and receipt_status is distinct from ${receipt.status}`);
  return (rowCount ?? 0) > 0;
}

/**
 * Queues again, once, each alert text the carrier did not deliver (the scheduled deliverer runs
 * this before it sends). The text is the same; the message it replaces is kept, so that its late
 * receipts change nothing and the provider never takes it for an earlier attempt of this one.
 * It does not count again against the budget: the owner's phone still gets one text for the lead.
 */
export async function resendUndeliveredTexts(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(sql`
    update public.contact_notifications
    set status = 'pending', next_attempt_at = ${now}, locked_until = null, resent_at = ${now},
      superseded_message_id = provider_message_id, provider_message_id = null,
      receipt_status = null, receipt_error_code = null, receipt_at = null
    where kind = 'alert-sms' and status = 'delivered' and resent_at is null
      and receipt_status in ('undelivered', 'failed')`);
  return rowCount ?? 0;
}

/**
 * The alert texts an owner email reports as not arrived: sent twice, undelivered twice, and told
 * in no other email. The email's first attempt takes them (SKIP LOCKED, so two emails at once
 * never take the same) and reads them in the same statement; every later attempt reads what the
 * first took, so each renders the same list.
 */
export async function undeliveredTextsToReport(
  db: Queryable,
  emailId: string,
  firstAttempt: boolean,
): Promise<UndeliveredText[]> {
  const reported = firstAttempt
    ? sql`
      update public.contact_notifications set reported_in = ${emailId}
      where id in (
        select id from public.contact_notifications
        where kind = 'alert-sms' and resent_at is not null and reported_in is null
          and receipt_status in ('undelivered', 'failed')
        for update skip locked)
      returning contact_request_id, recipient, receipt_status, receipt_error_code`
    : sql`
      select contact_request_id, recipient, receipt_status, receipt_error_code
      from public.contact_notifications where reported_in = ${emailId}`;
  const { rows } = await db.query<UndeliveredText>(sql`
    with reported as (${reported})
    select r.name, r.created_at as received, n.recipient as number, n.receipt_status as status,
      n.receipt_error_code as "errorCode"
    from reported n
    join public.contact_requests r on r.id = n.contact_request_id
    order by r.created_at, n.recipient`);
  return rows;
}
