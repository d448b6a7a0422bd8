-- Leads from the contact form. The function validates every field with the shared schema in
-- packages/content; the checks here only stop a broken caller from storing unbounded text.
create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- Made by the browser and kept across retries of one submission: a retry never makes a second lead.
  request_id uuid not null unique,
  name text not null check (char_length(name) between 1 and 1000),
  email text not null check (char_length(email) between 1 and 1000),
  phone text not null check (char_length(phone) between 1 and 1000),
  service text not null default '' check (char_length(service) <= 100),
  message text not null default '' check (char_length(message) <= 10000),
  -- new: stored, email pending; notified: email delivered; notification_failed: gave up, see the queue.
  status text not null default 'new' check (status in ('new', 'notified', 'notification_failed')),
  -- Honeypot filled or form sent too fast: kept for review, never notified.
  is_spam boolean not null default false,
  -- HMAC-SHA-256 of the client address with a server secret: rate limits work, no raw IP is stored.
  client_address_hash text not null check (char_length(client_address_hash) <= 128),
  user_agent text not null default '' check (char_length(user_agent) <= 1000)
);

create index contact_requests_created_at_idx on public.contact_requests (created_at desc);

comment on table public.contact_requests is
  'Contact form leads. Written only by the send-contact-email function; read in the table editor or with pnpm leads.';

-- No policy for anon or authenticated: with RLS on and their privileges revoked, the public keys can
-- neither read nor write leads. The function reaches the table through its own database role.
alter table public.contact_requests enable row level security;
revoke all on table public.contact_requests from anon, authenticated;
