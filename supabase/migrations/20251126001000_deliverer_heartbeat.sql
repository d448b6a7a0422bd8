-- When the scheduled deliverer (Supabase Cron, or the local stack's timer) last called
-- /deliver, so that a deployed project whose schedule stopped or was never installed says so:
-- the next lead's owner email carries a notice with the fix, once a day (docs/function.md,
-- "The scheduled deliverer"). One row, made here.
create table public.contact_deliverer_heartbeat (
  id boolean primary key default true check (id),
  -- Counted from here while the deliverer has never run: a fresh project gets 5 minutes.
  installed_at timestamptz not null default now(),
  last_run_at timestamptz,
  -- The last notice: when it was queued, for which lead's email, and the run it reports.
  notice_at timestamptz,
  notice_lead_id uuid references public.contact_requests (id) on delete set null,
  notice_last_run_at timestamptz
);

insert into public.contact_deliverer_heartbeat default values;

alter table public.contact_deliverer_heartbeat enable row level security;
revoke all on table public.contact_deliverer_heartbeat from anon, authenticated;
