-- The notification queue: one row per lead that must be emailed to the company. A failed send
-- stays here and is retried with exponential backoff, so a provider outage loses nothing.
create table public.contact_notifications (
  id uuid primary key default gen_random_uuid(),
  contact_request_id uuid not null unique references public.contact_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- pending: waiting for its next attempt; sending: claimed by a deliverer until locked_until;
  -- delivered: the provider accepted it; failed: out of attempts, shown by `pnpm leads queue`.
  status text not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A claim expires so that a deliverer that died mid-send does not strand the notification.
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  provider_message_id text
);

create index contact_notifications_due_idx on public.contact_notifications (next_attempt_at)
  where status in ('pending', 'sending');

alter table public.contact_notifications enable row level security;
revoke all on table public.contact_notifications from anon, authenticated;
