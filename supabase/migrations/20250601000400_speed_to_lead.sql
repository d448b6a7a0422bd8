-- Speed to lead (docs/function.md, "The notifications"): each lead reaches the owner on every
-- channel (email, and SMS to each of NOTIFY_SMS_TO's numbers), the homeowner gets an
-- acknowledgment, the owner marks the lead as called, and a lead nobody marked is escalated once.

-- A lead now has one notification per channel and recipient, each with the outbox's guarantees.
-- alert-email / alert-sms: the owner's first alert; escalation-*: the second one, sent once when
-- nobody marked the lead as called in time; acknowledgment: the email to the homeowner.
alter table public.contact_notifications
  add column kind text not null default 'alert-email' check (
    kind in ('alert-email', 'alert-sms', 'acknowledgment', 'escalation-email', 'escalation-sms')
  ),
  -- The phone number an SMS goes to (E.164). '' where the kind names the address: the owner's
  -- NOTIFY_TO for an owner email, the lead's own address for an acknowledgment.
  add column recipient text not null default '' check (char_length(recipient) <= 32);

alter table public.contact_notifications
  drop constraint contact_notifications_contact_request_id_key,
  add constraint contact_notifications_one_per_recipient unique (contact_request_id, kind, recipient);

-- cancelled: an escalation still waiting when the owner marked the lead as called; never sent.
alter table public.contact_notifications
  drop constraint contact_notifications_status_check,
  add constraint contact_notifications_status_check
    check (status in ('pending', 'sending', 'delivered', 'failed', 'cancelled'));

alter table public.contact_requests
  -- When the owner marked the lead as called (the POST of the page the alerts link to).
  add column contacted_at timestamptz,
  -- The time from the lead to that mark, kept with it so every reader gets the same figure.
  add column seconds_to_contact integer
    generated always as (extract(epoch from (contacted_at - created_at))::integer) stored,
  -- When the lead is escalated if nobody marked it: the configured minutes counted inside
  -- business hours. Null for leads that are never escalated (spam, leads from before this).
  add column escalation_due_at timestamptz,
  -- When the escalation was queued: set once, in the transaction that queues it.
  add column escalated_at timestamptz;

create index contact_requests_escalation_due_idx on public.contact_requests (escalation_due_at)
  where escalation_due_at is not null and escalated_at is null and contacted_at is null;

-- At most one acknowledgment per address per day: the function looks up recent leads by address.
create index contact_requests_email_idx on public.contact_requests (lower(email), created_at desc);
