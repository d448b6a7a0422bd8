-- The owner's texts and the acknowledgments are budgeted when they are sent, not when their lead
-- is stored (docs/function.md, "The budget of texts"): a lead's transaction takes no lock that
-- another lead needs. Until the sender decides, a text or an acknowledgment waits here, queued
-- but not yet due to anyone: no deliverer claims it, and the budgets do not count it.
alter table public.contact_notifications
  add column awaits_budget boolean not null default false;

-- The senders find what waits for its budget, oldest first.
create index contact_notifications_awaiting_idx on public.contact_notifications (created_at)
  where awaits_budget;
