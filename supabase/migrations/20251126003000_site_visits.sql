-- The owner's numbers (docs/owner-tools.md, "What the site brings"): one row per page view, from
-- the beacon the page sends when it is hidden or left. No identifier of any kind: no cookie, no
-- stored id, no address (not even hashed), no user agent; nothing links one visit to another.
-- Visits older than 13 months are deleted by the scheduled deliverer.
create table public.site_visits (
  id bigint generated always as identity primary key,
  -- When the beacon arrived: the end of the page view.
  created_at timestamptz not null default now(),
  page text not null check (page in ('home', 'not-found')),
  device text not null check (device in ('mobile', 'desktop')),
  -- Where the visit came from: the landing address's campaign tags, and the referring page's host.
  utm_source text check (char_length(utm_source) between 1 and 100),
  utm_medium text check (char_length(utm_medium) between 1 and 100),
  utm_campaign text check (char_length(utm_campaign) between 1 and 100),
  referrer_host text check (referrer_host ~ '^[a-z0-9.-]{1,253}$'),
  -- Whether a Google Ads or Facebook click id was in the address; its value is never kept.
  has_gclid boolean not null default false,
  has_fbclid boolean not null default false,
  -- What the visitor did.
  acted boolean not null default false,
  scrolled_past_hero boolean not null default false,
  phone_tapped boolean not null default false,
  chat_opened boolean not null default false,
  form_focused boolean not null default false,
  -- How a request was sent from this page view: by the app, or by the browser posting the form.
  request_sent text check (request_sent in ('app', 'native')),
  -- Core Web Vitals (web-vitals), in milliseconds; CLS has no unit.
  lcp_ms integer check (lcp_ms between 0 and 3600000),
  lcp_element text check (char_length(lcp_element) between 1 and 200),
  inp_ms integer check (inp_ms between 0 and 3600000),
  inp_target text check (char_length(inp_target) between 1 and 200),
  cls real check (cls between 0 and 100),
  fcp_ms integer check (fcp_ms between 0 and 3600000),
  ttfb_ms integer check (ttfb_ms between 0 and 3600000),
  -- From the visitor's first act to the app being interactive.
  act_to_interactive_ms integer check (act_to_interactive_ms between 0 and 3600000)
);

-- `pnpm report` and the weekly email read a period at a time.
create index site_visits_created_at_idx on public.site_visits (created_at);

comment on table public.site_visits is
  'One row per page view, from the page''s beacon. No identifier, no address. Read with pnpm report.';

alter table public.site_visits enable row level security;
revoke all on table public.site_visits from anon, authenticated;
revoke all on sequence public.site_visits_id_seq from anon, authenticated;

-- Where each lead came from: its own visit's source, sent with the request (nothing links it to
-- other visits, so a visitor who comes back directly is a direct lead).
alter table public.contact_requests
  add column utm_source text check (char_length(utm_source) between 1 and 100),
  add column utm_medium text check (char_length(utm_medium) between 1 and 100),
  add column utm_campaign text check (char_length(utm_campaign) between 1 and 100),
  add column referrer_host text check (referrer_host ~ '^[a-z0-9.-]{1,253}$'),
  add column has_gclid boolean not null default false,
  add column has_fbclid boolean not null default false;
