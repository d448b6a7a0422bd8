-- Submissions per hashed client address per fixed window, in Postgres so that the limit holds
-- across every function instance. Old windows are deleted by the deliverer.
create table public.contact_rate_limits (
  client_address_hash text not null,
  window_start timestamptz not null,
  request_count integer not null default 0 check (request_count >= 0),
  primary key (client_address_hash, window_start)
);

create index contact_rate_limits_window_start_idx on public.contact_rate_limits (window_start);

alter table public.contact_rate_limits enable row level security;
revoke all on table public.contact_rate_limits from anon, authenticated;
