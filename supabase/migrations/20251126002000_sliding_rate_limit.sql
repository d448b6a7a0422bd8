-- The rate limit slides (docs/function.md, "Limits"): every lead admitted is kept here, by its
-- client's keyed hash (an IPv6 client's /64), and a new one is refused while RATE_LIMIT_MAX of
-- them stand in the last RATE_LIMIT_WINDOW_SECONDS. A fixed window let an address send twice its
-- limit across a window's edge. The deliverer deletes what has left the window.
create table public.contact_rate_limit_hits (
  id uuid primary key default gen_random_uuid(),
  client_address_hash text not null check (char_length(client_address_hash) <= 128),
  at timestamptz not null
);

create index contact_rate_limit_hits_client_idx
  on public.contact_rate_limit_hits (client_address_hash, at desc);
create index contact_rate_limit_hits_at_idx on public.contact_rate_limit_hits (at);

alter table public.contact_rate_limit_hits enable row level security;
revoke all on table public.contact_rate_limit_hits from anon, authenticated;

-- contact_rate_limits (the fixed windows) is no longer written. It stays so that the function
-- deployed before this migration keeps taking leads until the new one is deployed (`db push`
-- comes first); the deliverer empties it within a day, and a later migration may drop it.
comment on table public.contact_rate_limits is
  'No longer written (see contact_rate_limit_hits); kept for a function deployed before 20251126002000.';
