-- The owner's weekly report (docs/owner-tools.md, "What the site brings") goes through the outbox
-- like every other email, with its retries and its one send per notification. It belongs to no
-- lead: it carries its figures, fixed when it was queued, so every attempt sends the same email,
-- and the week it reports as a key, so two deliverers at once queue it once.
alter table public.contact_notifications
  alter column contact_request_id drop not null,
  -- The report's figures as JSON text: every driver hands it back as the same string.
  add column payload text check (char_length(payload) <= 200000),
  add column dedupe_key text check (char_length(dedupe_key) <= 100);

alter table public.contact_notifications
  drop constraint contact_notifications_kind_check,
  add constraint contact_notifications_kind_check check (
    kind in ('alert-email', 'alert-sms', 'acknowledgment', 'escalation-email', 'escalation-sms',
      'summary-sms', 'owner-report')
  ),
  -- Every notification but the report is a lead's; the report is nobody's.
  add constraint contact_notifications_lead_or_report check (
    (kind = 'owner-report') = (contact_request_id is null)
  );

create unique index contact_notifications_dedupe_key_idx on public.contact_notifications (kind, dedupe_key)
  where dedupe_key is not null;
