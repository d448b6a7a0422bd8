-- How the function knows a lead it has already stored (docs/function.md, "One lead per request").
-- A post without an idempotency key (a plain HTML form, a double-click, a resubmitted page) is the
-- same lead as one with the same content fingerprint stored in the last 24 hours.

-- SHA-256 (hex) of the checked request: trimmed fields, email lower-cased. Null for leads stored
-- before this migration, which only their request id can match.
alter table public.contact_requests
  add column fingerprint text check (fingerprint ~ '^[0-9a-f]{64}$');

-- Why a lead is spam: 'too-fast' is lifted when the same request comes back with a plausible fill
-- time, 'honeypot' never is. Null when not spam (or flagged before this migration).
alter table public.contact_requests
  add column spam_reason text check (spam_reason in ('honeypot', 'too-fast')),
  add constraint contact_requests_spam_reason_is_spam check (spam_reason is null or is_spam);

create index contact_requests_fingerprint_idx on public.contact_requests (fingerprint, created_at desc)
  where fingerprint is not null;

-- Further idempotency keys of a lead: a keyed request whose content matched a recent lead (the
-- site's script racing its own plain form post) answers with that lead, and its key is kept here
-- so that a retry with it, or a different body under it, is recognised like the first key.
create table public.contact_request_keys (
  request_id uuid primary key,
  contact_request_id uuid not null references public.contact_requests (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index contact_request_keys_contact_request_id_idx
  on public.contact_request_keys (contact_request_id);

alter table public.contact_request_keys enable row level security;
revoke all on table public.contact_request_keys from anon, authenticated;
