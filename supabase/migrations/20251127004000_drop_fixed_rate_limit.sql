-- The fixed rate-limit windows (contact_rate_limits) gave way to the sliding window
-- (contact_rate_limit_hits, 20251126002000). Every deployed function now writes only the sliding
-- window, so the old table, kept until then and pruned daily, goes.
drop table if exists public.contact_rate_limits;
