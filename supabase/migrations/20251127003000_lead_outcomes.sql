-- What each lead became after the call (docs/owner-tools.md, "After the call"): the owner marks
-- inspected, quoted (amount), won (amount), lost (one reason) and job done, from the signed
-- owner's page or `pnpm leads outcome`. One row per mark, with its time; an undo (allowed for a
-- short while, the function decides how long) keeps the row and sets undone_at, so a lead's
-- current steps are its rows that were not undone. The amounts and reasons are the owner's data:
-- RLS on, no policy, nothing for the public keys. They live as long as the lead (cascade).
create table public.lead_outcomes (
  id bigint generated always as identity primary key,
  contact_request_id uuid not null references public.contact_requests (id) on delete cascade,
  step text not null check (step in ('inspected', 'quoted', 'won', 'lost', 'job-done')),
  -- Whole cents: the quote, the job's price; on a lost lead, optionally the quote it was lost at.
  amount_cents integer check (amount_cents between 0 and 2000000000),
  lost_reason text check (lost_reason in ('price', 'timing', 'another-company', 'not-a-fit', 'no-answer')),
  at timestamptz not null default now(),
  undone_at timestamptz,
  constraint lead_outcomes_amount check (
    case step when 'quoted' then amount_cents is not null when 'won' then amount_cents is not null
      when 'lost' then true else amount_cents is null end),
  constraint lead_outcomes_reason check ((step = 'lost') = (lost_reason is not null))
);

-- One live mark per step and lead: a second tap is a replay, not a second mark.
create unique index lead_outcomes_live_step_idx on public.lead_outcomes (contact_request_id, step)
  where undone_at is null;

comment on table public.lead_outcomes is
  'What each lead became: one row per mark by the owner. Read with pnpm leads and pnpm report.';

alter table public.lead_outcomes enable row level security;
revoke all on table public.lead_outcomes from anon, authenticated;
revoke all on sequence public.lead_outcomes_id_seq from anon, authenticated;

-- The real Google Ads click id of the visit that sent the lead (never kept on visits): the
-- offline conversion import matches a won lead to its ad click by it.
alter table public.contact_requests
  add column gclid text check (gclid ~ '^[A-Za-z0-9_-]{1,200}$');
