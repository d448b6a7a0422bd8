-- The owner's phone cannot be turned against them (docs/function.md, "The budget of texts"): at
-- most NOTIFY_SMS_MAX_PER_HOUR alert and escalation texts per owner number per hour. Past it a
-- lead's alert text is `folded` into one summary text (kind `summary-sms`, at most one every 15
-- minutes per number), and an escalation text is `suppressed`; the emails all go as before.
alter table public.contact_notifications
  drop constraint contact_notifications_kind_check,
  add constraint contact_notifications_kind_check check (
    kind in ('alert-email', 'alert-sms', 'acknowledgment', 'escalation-email', 'escalation-sms',
      'summary-sms')
  );

-- folded: an alert text over the budget, told by a summary text instead; suppressed: an
-- escalation text over the budget, or an acknowledgment over its hourly cap, never sent.
alter table public.contact_notifications
  drop constraint contact_notifications_status_check,
  add constraint contact_notifications_status_check check (
    status in ('pending', 'sending', 'delivered', 'failed', 'cancelled', 'folded', 'suppressed')
  );

-- The summary text that counts a folded alert text: set when the alert is folded, to the
-- number's open summary (one not yet claimed), so a summary's count is fixed once it is sent.
alter table public.contact_notifications
  add column summary_id uuid references public.contact_notifications (id) on delete set null;

create index contact_notifications_summary_idx on public.contact_notifications (summary_id)
  where summary_id is not null;

-- The budget counts a number's texts of the last hour.
create index contact_notifications_texts_idx on public.contact_notifications (recipient, created_at)
  where kind in ('alert-sms', 'escalation-sms', 'summary-sms');

-- The acknowledgments' hourly cap counts the last hour's.
create index contact_notifications_acknowledgments_idx on public.contact_notifications (created_at)
  where kind = 'acknowledgment';
