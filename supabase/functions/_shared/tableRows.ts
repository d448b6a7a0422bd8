// Generated from supabase/migrations by `pnpm --filter @bluewater/supabase generate-row-types`.
// Do not edit: change a migration and run the generator; tests/platform/tableRows.test.ts fails when stale.

/** A row of public.contact_deliverer_heartbeat, as the drivers return it. */
export interface ContactDelivererHeartbeatRow {
  id: boolean;
  installed_at: Date;
  last_run_at: Date | null;
  notice_at: Date | null;
  notice_lead_id: string | null;
  notice_last_run_at: Date | null;
}

/** A row of public.contact_notifications, as the drivers return it. */
export interface ContactNotificationRow {
  id: string;
  contact_request_id: string | null;
  created_at: Date;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  delivered_at: Date | null;
  provider_message_id: string | null;
  kind: string;
  recipient: string;
  summary_id: string | null;
  receipt_status: string | null;
  receipt_error_code: string | null;
  receipt_at: Date | null;
  resent_at: Date | null;
  superseded_message_id: string | null;
  reported_in: string | null;
  payload: string | null;
  dedupe_key: string | null;
  awaits_budget: boolean;
  mailbox: string | null;
}

/** A row of public.contact_rate_limit_hits, as the drivers return it. */
export interface ContactRateLimitHitRow {
  id: string;
  client_address_hash: string;
  at: Date;
}

/** A row of public.contact_request_keys, as the drivers return it. */
export interface ContactRequestKeyRow {
  request_id: string;
  contact_request_id: string;
  created_at: Date;
}

/** A row of public.contact_requests, as the drivers return it. */
export interface ContactRequestRow {
  id: string;
  created_at: Date;
  request_id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  status: string;
  is_spam: boolean;
  client_address_hash: string;
  user_agent: string;
  fingerprint: string | null;
  spam_reason: string | null;
  contacted_at: Date | null;
  seconds_to_contact: number | null;
  escalation_due_at: Date | null;
  escalated_at: Date | null;
  mailbox: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  has_gclid: boolean;
  has_fbclid: boolean;
  gclid: string | null;
  review_opted_out_at: Date | null;
}

/** A row of public.lead_outcomes, as the drivers return it. */
export interface LeadOutcomeRow {
  id: string;
  contact_request_id: string;
  step: string;
  amount_cents: number | null;
  lost_reason: string | null;
  at: Date;
  undone_at: Date | null;
}

/** A row of public.site_visits, as the drivers return it. */
export interface SiteVisitRow {
  id: string;
  created_at: Date;
  page: string;
  device: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  has_gclid: boolean;
  has_fbclid: boolean;
  acted: boolean;
  scrolled_past_hero: boolean;
  phone_tapped: boolean;
  chat_opened: boolean;
  form_focused: boolean;
  request_sent: string | null;
  lcp_ms: number | null;
  lcp_element: string | null;
  inp_ms: number | null;
  inp_target: string | null;
  cls: number | null;
  fcp_ms: number | null;
  ttfb_ms: number | null;
  act_to_interactive_ms: number | null;
}
