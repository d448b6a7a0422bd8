import sql, { type Sql } from "sql-template-tag";
import { e164 } from "../../_shared/deployedSettings.ts";
import { reviveOwnerReport } from "../../_shared/ownerReport.ts";
import type { ContactNotificationRow } from "../../_shared/tableRows.ts";
import { type SourceColumns, sourceLabelOfRow } from "../../_shared/visitSource.ts";
import type { ContactLinkSettings, DeliveryPolicy, FunctionConfig } from "../platform/config.ts";
import { type Database, inTransaction, type Queryable } from "../platform/database.ts";
import { decideAcknowledgments } from "./acknowledgmentPolicy.ts";
import { contactLink } from "./contactLink.ts";
import { decideInLane } from "./decisionLanes.ts";
import { renderAcknowledgment } from "./messages/acknowledgmentMessage.ts";
import {
  isPlainAddress,
  type LeadEmailOptions,
  type LeadForEmail,
  renderLeadEmail,
} from "./messages/emailMessage.ts";
import { renderOwnerReportEmail } from "./messages/ownerReportEmail.ts";
import { renderLeadSms, renderSummarySms } from "./messages/smsMessage.ts";
import {
  isEscalation,
  isReview,
  isSms,
  type NotificationKind,
  reviewKinds,
} from "./notificationKinds.ts";
import type { EmailProvider, SendResult } from "./providers/emailProvider.ts";
import type { SmsProvider } from "./providers/smsProvider.ts";
import { sendReview } from "./reviewDelivery.ts";
import type { ReviewSettings } from "./reviewRequests.ts";
import { receiptUrl, undeliveredTextsToReport } from "./smsReceipts.ts";
import { decideTexts, foldedInto } from "./textBudget.ts";

/** Everything that sends: one provider per channel. */
export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
}

/** What every notification is rendered with, wherever it is delivered from. */
export interface DeliveryContext {
  policy: DeliveryPolicy;
  mailbox: { from: string; to: string };
  providers: Providers;
  /** The site's address, where the links of the owner's alerts lead (`config.siteUrl`). */
  siteUrl: string | undefined;
  /** The function's public address, where Twilio posts the texts' delivery receipts. */
  functionUrl: string | undefined;
  contactLink: ContactLinkSettings;
  escalationMinutes: number;
  /** The budgets the owner's email names when a lead's text or acknowledgment was held back. */
  textsPerHour: number;
  acknowledgmentsPerHour: number;
  /** One client's share of the acknowledgments, decided with the hourly cap. */
  acknowledgmentsPerClientPerHour: number;
  /** The review requests' link and hourly budget. */
  reviews: ReviewSettings;
}

/** What this function's notifications are sent with; receipts come back to `functionUrl`. */
export function deliveryContextFor(
  config: FunctionConfig,
  providers: Providers,
  functionUrl: string | undefined,
): DeliveryContext {
  return {
    policy: config.delivery,
    mailbox: { from: config.notify.from, to: config.notify.to },
    providers,
    siteUrl: config.siteUrl,
    functionUrl,
    contactLink: config.contactLink,
    escalationMinutes: config.escalationMinutes,
    textsPerHour: config.sms.maxPerHour,
    acknowledgmentsPerHour: config.acknowledgmentsPerHour,
    acknowledgmentsPerClientPerHour: config.acknowledgmentsPerClientPerHour,
    reviews: config.reviews,
  };
}

export interface DeliveryOptions {
  /** Deliver only this lead's notifications: the request path's fast lane. */
  contactRequestId?: string;
  limit?: number;
}

export interface DeliveryReport {
  delivered: number;
  retrying: number;
  failed: number;
}

interface Claim {
  notification_id: ContactNotificationRow["id"];
  attempts: ContactNotificationRow["attempts"];
  recipient: ContactNotificationRow["recipient"];
  queued_at: ContactNotificationRow["created_at"];
  /** A text sent again after it did not arrive: the message it replaces. */
  superseded_message_id: ContactNotificationRow["superseded_message_id"];
}

/** The owner's weekly report: no lead, its figures fixed when it was queued. */
type ReportClaim = Claim & { kind: "owner-report"; payload: unknown };

/** A lead's notification, with the lead and the source of the visit that sent it. */
type LeadClaim = Claim &
  LeadForEmail &
  SourceColumns & {
    kind: Exclude<NotificationKind, "owner-report">;
    /** This lead's alert text was folded into a summary; its acknowledgment was held back. */
    text_folded: boolean;
    acknowledgment_withheld: boolean;
    /** This alert is the one that says the deliverer stopped (outbox/delivererHeartbeat.ts). */
    deliverer_stopped: boolean;
    deliverer_last_run_at: Date | null;
    /** When the homeowner asked for no review reminder. */
    review_opted_out_at: Date | null;
  };

type ClaimedNotification = ReportClaim | LeadClaim;

/**
 * How many notifications one delivery sends at once: a lead's channels go out together. An
 * escalation holds a pool connection while it is sent (sendUnlessMarked), so this stays below the
 * pool's 5 connections, leaving one for a visitor's lead.
 */
const sendsAtOnce = 4;

/** Exponential backoff: base, 2×base, 4×base… capped, counted from the attempt just made. */
export function retryDelaySeconds(attempts: number, policy: DeliveryPolicy): number {
  return Math.min(policy.retryMaxSeconds, policy.retryBaseSeconds * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due notifications in one statement. SKIP LOCKED lets two deliverers run at once without
 * both taking a row, and the claim is a lease (status 'sending' until locked_until) rather than a
 * held transaction, so no database session stays open while the provider answers.
 */
async function claimDue(
  db: Database,
  now: Date,
  policy: DeliveryPolicy,
  options: DeliveryOptions,
): Promise<ClaimedNotification[]> {
  const lockedUntil = new Date(now.getTime() + policy.leaseSeconds * 1000);
  const only = options.contactRequestId ?? null;
  const { rows } = await db.query<ClaimedNotification>(sql`
    with due as (
      select n.id
      from public.contact_notifications n
      where ((n.status = 'pending' and n.next_attempt_at <= ${now})
          or (n.status = 'sending' and n.locked_until <= ${now}))
        -- A lead's fast lane also takes a due summary text: the decision it waited for may have
        -- folded into it while a sender before skipped it (locked), and none may be left waiting.
        and (${only}::uuid is null or n.contact_request_id = ${only}::uuid
          or n.kind = 'summary-sms')
        and not n.awaits_budget
        -- A lead's email says whether its text was folded: none goes before that is decided.
        -- A scalar subquery, read per candidate by its lead: as NOT EXISTS, the planner could
        -- make it an anti-join that scans every entry of the awaiting index, dead ones included.
        and (select w.id from public.contact_notifications w
          where w.contact_request_id = n.contact_request_id and w.awaits_budget
            and w.status = 'pending'
          limit 1) is null
      order by n.next_attempt_at
      limit ${options.limit ?? 20}::int
      for update skip locked
    ), claimed as (
      update public.contact_notifications n
      set status = 'sending', attempts = n.attempts + 1, locked_until = ${lockedUntil}
      from due
      where n.id = due.id
      returning n.*
    )
    select c.id as notification_id, c.attempts, c.kind, c.recipient, c.created_at as queued_at,
      c.superseded_message_id, c.payload, r.id, r.created_at, r.name, r.email, r.phone,
      r.service, r.message, r.utm_source, r.utm_medium, r.referrer_host, r.has_gclid,
      r.has_fbclid, r.review_opted_out_at,
      coalesce(siblings.text_folded, false) as text_folded,
      coalesce(siblings.acknowledgment_withheld, false) as acknowledgment_withheld,
      (h.id is not null and c.kind = 'alert-email') as deliverer_stopped,
      h.notice_last_run_at as deliverer_last_run_at
    from claimed c
    left join public.contact_requests r on r.id = c.contact_request_id
    -- Read per claimed lead, by its key: as two EXISTS, the planner could hash every folded text
    -- and withheld acknowledgment ever queued, once per claim.
    left join lateral (
      select bool_or(o.kind = 'alert-sms' and o.status = 'folded') as text_folded,
        bool_or(o.kind = 'acknowledgment' and o.status = 'suppressed') as acknowledgment_withheld
      from public.contact_notifications o where o.contact_request_id = r.id
    ) siblings on true
    left join public.contact_deliverer_heartbeat h on h.notice_lead_id = r.id`);
  return rows;
}

/** Notifications that are not one lead's alert to the owner: they never move the lead's status. */
const notLeadAlerts = ["acknowledgment", "summary-sms", "owner-report", ...reviewKinds];

/** What a send's result sets on its notification's row. */
interface Settlement {
  outcome: keyof DeliveryReport;
  status: "delivered" | "pending" | "failed";
  deliveredAt: Date | null;
  messageId: string | null;
  /** 1 when the provider's own budget refused it: the attempt is given back. */
  attemptsGivenBack: number;
  nextAttemptAt: Date | null;
  error: string | null;
}

/** A sent notification and what its result sets on its row. */
interface Settled {
  claimed: ClaimedNotification;
  settlement: Settlement;
}

/** The notification's new state: what a send's result sets on its row. */
function settlementOf(
  claimed: ClaimedNotification,
  result: SendResult,
  now: Date,
  policy: DeliveryPolicy,
): Settlement {
  const none = { deliveredAt: null, messageId: null, attemptsGivenBack: 0, nextAttemptAt: null };
  if (result.ok) {
    return {
      ...none,
      outcome: "delivered",
      status: "delivered",
      deliveredAt: now,
      messageId: result.messageId,
      error: null,
    };
  }
  const error = result.error.slice(0, 1000);
  if (result.waitSeconds !== undefined) {
    // The provider's budget refused it, not the message: the attempt is given back.
    const next = new Date(now.getTime() + result.waitSeconds * 1000);
    return {
      ...none,
      outcome: "retrying",
      status: "pending",
      attemptsGivenBack: 1,
      nextAttemptAt: next,
      error,
    };
  }
  if (result.retryable && claimed.attempts < policy.maxAttempts) {
    const next = new Date(now.getTime() + retryDelaySeconds(claimed.attempts, policy) * 1000);
    return { ...none, outcome: "retrying", status: "pending", nextAttemptAt: next, error };
  }
  return { ...none, outcome: "failed", status: "failed", error };
}

/** One statement's update of every settled row, each with its own values. */
function settleRows(settled: readonly Settled[]): Sql {
  const column = <T>(pick: (s: Settlement) => T) =>
    settled.map(({ settlement }) => pick(settlement));
  return sql`
    update public.contact_notifications n
    set status = s.status, delivered_at = coalesce(s.delivered_at, n.delivered_at),
      provider_message_id = coalesce(s.message_id, n.provider_message_id),
      attempts = n.attempts - s.given_back,
      next_attempt_at = coalesce(s.next_attempt_at, n.next_attempt_at), locked_until = null,
      last_error = s.error
    from unnest(${settled.map(({ claimed }) => claimed.notification_id)}::uuid[],
      ${column((s) => s.status)}::text[], ${column((s) => s.deliveredAt)}::timestamptz[],
      ${column((s) => s.messageId)}::text[], ${column((s) => s.attemptsGivenBack)}::int[],
      ${column((s) => s.nextAttemptAt)}::timestamptz[], ${column((s) => s.error)}::text[])
      as s(id, status, delivered_at, message_id, given_back, next_attempt_at, error)
    where n.id = s.id`;
}

/** A settled owner alert moves its lead's status; an attempt to be made again does not. */
const movesLead = ({ settlement }: Settled): boolean => settlement.outcome !== "retrying";

/**
 * Settles one lead's sent owner alerts and moves the lead's status with them, in one statement:
 * `notified` once any of its owner notifications reached the owner, `notification_failed` while
 * one failed and none did, else `new`. Each step waits for the one before through an uncorrelated
 * EXISTS, which PostgreSQL runs first, as a one-time filter:
 * - the lead is locked first, in the order marking a lead as called and queueing its escalation
 *   take it, so that none of them can deadlock another;
 * - then the notifications are settled;
 * - a delivered alert makes the lead `notified` whatever the others say, so it reads none, and
 *   leaves a lead already notified (by an earlier delivery) unwritten: it reads the lead's status
 *   from the locked row, the latest committed, since the statement's snapshot may predate a
 *   failure another delivery recorded while this one waited;
 * - otherwise its other alerts are read FOR SHARE: a locking read returns each row's latest
 *   committed version, not the statement's snapshot, so an alert recorded while this statement
 *   waited for the lead still counts, and two deliveries recording at once both count.
 */
function settledWithLeadStatus(leadId: string, settled: readonly Settled[]): Sql {
  const ids = settled.map(({ claimed }) => claimed.notification_id);
  const lockedAndSettled = sql`
    with lead as (
      select id, status from public.contact_requests where id = ${leadId} for update
    ), this as (
      ${settleRows(settled)} and exists (select 1 from lead)
      returning n.status
    )`;
  if (settled.some(({ settlement }) => settlement.outcome === "delivered")) {
    return sql`${lockedAndSettled}
      update public.contact_requests set status = 'notified'
      where id = ${leadId} and (select status from lead) <> 'notified'
        and exists (select 1 from this)`;
  }
  return sql`${lockedAndSettled}, others as (
      select status from public.contact_notifications
      where contact_request_id = ${leadId} and id <> all(${ids}::uuid[])
        and kind <> all(${notLeadAlerts}::text[]) and exists (select 1 from this)
      for share
    ), alerts as (
      select status from this union all select status from others
    )
    update public.contact_requests
    set status = case
      when exists (select 1 from alerts where status = 'delivered') then 'notified'
      when exists (select 1 from alerts where status = 'failed') then 'notification_failed'
      else 'new' end
    where id = ${leadId} and exists (select 1 from alerts)`;
}

/** Records a lead's owner alerts sent by one delivery, moving the lead's status with them. */
async function recordAlerts(db: Database, leadId: string, settled: readonly Settled[]) {
  await db.query(
    settled.some(movesLead) ? settledWithLeadStatus(leadId, settled) : settleRows(settled),
  );
}

/** Renders one claimed notification for its channel and hands it to that channel's provider. */
async function send(
  db: Queryable,
  claimed: ClaimedNotification,
  context: DeliveryContext,
): Promise<SendResult> {
  const idempotencyKey = `contact-notification/${claimed.notification_id}`;
  if (claimed.kind === "owner-report") {
    const report = renderOwnerReportEmail(reviveOwnerReport(claimed.payload), context.mailbox);
    return await context.providers.email.send(report, idempotencyKey);
  }
  if (claimed.kind === "acknowledgment") {
    // The function queues none for such an address; a row written by hand may still name one.
    if (!isPlainAddress(claimed.email)) {
      return {
        ok: false,
        retryable: false,
        error: "the visitor's address is not one plain address: no acknowledgment is sent",
      };
    }
    const message = renderAcknowledgment(claimed, {
      from: context.mailbox.from,
      replyTo: context.mailbox.to,
    });
    return await context.providers.email.send(message, idempotencyKey);
  }
  // The link is signed from when the notification was queued, so every attempt renders the same
  // message: a provider that compares a retry with the first send sees the same body.
  const markLink = await contactLink(
    context.siteUrl,
    context.contactLink,
    claimed.id,
    claimed.queued_at,
  );
  const escalation = isEscalation(claimed.kind);
  const source = sourceLabelOfRow(claimed);
  if (isSms(claimed.kind)) {
    if (!e164.test(claimed.recipient)) {
      return {
        ok: false,
        retryable: false,
        error: `NOTIFY_SMS_TO: "${claimed.recipient}" is not a phone number in E.164 form, like +15865550123`,
      };
    }
    const body =
      claimed.kind === "summary-sms"
        ? renderSummarySms(await foldedInto(db, claimed.notification_id))
        : renderLeadSms(claimed, { escalation, markLink, source });
    return await context.providers.sms.send(
      { to: claimed.recipient, body, statusCallback: receiptUrl(context, claimed.notification_id) },
      {
        idempotencyKey,
        attempt: claimed.attempts,
        queuedAt: claimed.queued_at,
        supersededMessageId: claimed.superseded_message_id ?? undefined,
      },
    );
  }
  const options: LeadEmailOptions = {
    escalationMinutes: escalation ? context.escalationMinutes : undefined,
    markLink,
    source,
    notes: {
      textFolded: claimed.text_folded && !escalation ? context.textsPerHour : undefined,
      acknowledgmentWithheld:
        claimed.acknowledgment_withheld && !escalation ? context.acknowledgmentsPerHour : undefined,
      undeliveredTexts: await undeliveredTextsToReport(
        db,
        claimed.notification_id,
        claimed.attempts === 1,
      ),
    },
    delivererStopped: claimed.deliverer_stopped
      ? { lastRunAt: claimed.deliverer_last_run_at }
      : undefined,
  };
  const message = renderLeadEmail(claimed, context.mailbox, options);
  const result = await context.providers.email.send(message, idempotencyKey);
  if (result.ok || result.retryable || message.replyTo === undefined) return result;
  // The visitor's address is the one part of the email a stranger, or a typo, chose: one the
  // provider refuses as a Reply-To (a double dot, say) must not cost the owner the lead. The
  // email goes again without it, saying that a reply reaches nobody.
  return await context.providers.email.send(
    renderLeadEmail(claimed, context.mailbox, { ...options, withoutReplyTo: true }),
    `${idempotencyKey}/without-reply-to`,
  );
}

/** A lead's notification other than an escalation: a review email may be cancelled instead. */
async function sendLeadNotification(
  db: Database,
  claimed: LeadClaim,
  context: DeliveryContext,
): Promise<SendResult | undefined> {
  const { kind } = claimed;
  if (!isReview(kind)) return await send(db, claimed, context);
  return await sendReview(
    db,
    { ...claimed, kind },
    {
      reviews: context.reviews,
      mailbox: context.mailbox,
      functionUrl: context.functionUrl,
      linkSecret: context.contactLink.secret,
      email: context.providers.email,
    },
    `contact-notification/${claimed.notification_id}`,
  );
}

/**
 * Sends an escalation holding its lead's row FOR SHARE, read again in that transaction: a lead
 * marked as called since the claim cancels it instead (undefined), and a mark that comes while it
 * is sent (the mark locks the lead FOR UPDATE) waits until it has left, so no escalation leaves
 * after the owner was told "marked". The send's queries run on this transaction's connection: it
 * never waits for a second one from the pool while holding this.
 */
async function sendUnlessMarked(
  db: Database,
  claimed: LeadClaim,
  context: DeliveryContext,
): Promise<SendResult | undefined> {
  return await inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ marked: boolean }>(sql`
      select contacted_at is not null as marked from public.contact_requests
      where id = ${claimed.id} for share`);
    if (rows[0]?.marked === false) return await send(tx, claimed, context);
    await tx.query(sql`
      update public.contact_notifications set status = 'cancelled', locked_until = null
      where id = ${claimed.notification_id}`);
    return undefined;
  });
}

/** Sends one claimed notification: its result, or undefined when its escalation was cancelled. */
async function attempt(
  db: Database,
  claimed: ClaimedNotification,
  context: DeliveryContext,
): Promise<SendResult | undefined> {
  try {
    if (claimed.kind === "owner-report") return await send(db, claimed, context);
    return isEscalation(claimed.kind)
      ? await sendUnlessMarked(db, claimed, context)
      : await sendLeadNotification(db, claimed, context);
  } catch (error) {
    const provider = isSms(claimed.kind) ? context.providers.sms : context.providers.email;
    return { ok: false, retryable: true, error: `${provider.name} failed: ${String(error)}` };
  }
}

/** An owner alert moves its lead's status: its result is recorded with the lead's other alerts. */
const isOwnerAlert = (claimed: ClaimedNotification): claimed is LeadClaim =>
  !notLeadAlerts.includes(claimed.kind);

/**
 * Where each claimed notification's result goes: a lead's owner alerts wait for each other and
 * are recorded in one statement that locks the lead once; anything else (an acknowledgment, a
 * summary text, a review email, the owner's report) is recorded alone as soon as it is sent, and
 * never waits for the lead's lock.
 */
function resultRecorder(db: Database, claimed: readonly ClaimedNotification[]) {
  const alertsOf = new Map<string, { left: number; settled: Settled[] }>();
  for (const one of claimed.filter(isOwnerAlert)) {
    const alerts = alertsOf.get(one.id) ?? { left: 0, settled: [] };
    alerts.left += 1;
    alertsOf.set(one.id, alerts);
  }
  /** Records one result (undefined: a cancelled escalation, already recorded as such). */
  return async (one: ClaimedNotification, settled: Settled | undefined): Promise<void> => {
    if (!isOwnerAlert(one)) {
      if (settled) await db.query(settleRows([settled]));
      return;
    }
    const alerts = alertsOf.get(one.id) ?? { left: 1, settled: [] };
    if (settled) alerts.settled.push(settled);
    alerts.left -= 1;
    if (alerts.left === 0 && alerts.settled.length > 0) {
      await recordAlerts(db, one.id, alerts.settled);
    }
  };
}

/**
 * Decides the budgets of what waits for them (all of it, or one lead's): each owner number's
 * texts, then the acknowledgments. Each in a short transaction of its own, before the claim, so
 * that what was decided is claimed at once; this instance's senders share each run (decisionLanes).
 */
async function decideBudgets(
  db: Database,
  now: Date,
  context: DeliveryContext,
  only: string | undefined,
): Promise<void> {
  const { rows } = await db.query<{ recipient: string; acknowledgment: boolean }>(sql`
    select distinct recipient, kind = 'acknowledgment' as acknowledgment
    from public.contact_notifications
    where awaits_budget and status = 'pending'
      and (${only ?? null}::uuid is null or contact_request_id = ${only ?? null}::uuid)`);
  for (const { recipient } of rows.filter((row) => !row.acknowledgment)) {
    await decideInLane(db, `texts:${recipient}`, now, (at) =>
      decideTexts(db, recipient, at, context.textsPerHour),
    );
  }
  if (rows.some((row) => row.acknowledgment)) {
    await decideInLane(db, "acknowledgments", now, (at) =>
      decideAcknowledgments(db, at, {
        perHour: context.acknowledgmentsPerHour,
        perClientPerHour: context.acknowledgmentsPerClientPerHour,
      }),
    );
  }
}

/**
 * Sends every due notification once. Shared by the function (right after it answers, for the new
 * lead) and by the scheduled deliverer (for everything else), so both follow the same rules. A
 * few at a time, so that a lead's SMS does not wait for its email.
 */
export async function deliverPendingNotifications(
  db: Database,
  now: Date,
  context: DeliveryContext,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
  await decideBudgets(db, now, context, options.contactRequestId);
  const claimed = await claimDue(db, now, context.policy, options);
  const record = resultRecorder(db, claimed);
  const work = async () => {
    for (let next = claimed.shift(); next; next = claimed.shift()) {
      const result = await attempt(db, next, context);
      const settled = result && {
        claimed: next,
        settlement: settlementOf(next, result, now, context.policy),
      };
      if (settled) report[settled.settlement.outcome] += 1;
      await record(next, settled);
    }
  };
  await Promise.all(Array.from({ length: Math.min(sendsAtOnce, claimed.length) }, work));
  return report;
}
