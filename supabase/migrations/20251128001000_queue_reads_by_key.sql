-- Reads of the notification queue that grew with every lead before them (docs/function.md,
-- "What a lead reads"). Each read below finds its rows by key, through an index that holds only
-- the rows it can want, not by walking the queue's history.

-- An acknowledgment names the mailbox it goes to, so the once-a-day check
-- (functions/send-contact-email/outbox/acknowledgmentPolicy.ts) reads that mailbox's
-- acknowledgments alone. Joined from the lead's mailbox, it read the day's acknowledgments of
-- every lead, in the lead's own transaction.
alter table public.contact_notifications
  add column mailbox text check (char_length(mailbox) <= 1000);
update public.contact_notifications n set mailbox = r.mailbox
from public.contact_requests r
where r.id = n.contact_request_id and n.kind = 'acknowledgment';
create index contact_notifications_mailbox_idx on public.contact_notifications (mailbox, created_at)
  where kind = 'acknowledgment';
-- The hourly cap counts the last hour's decided acknowledgments (acknowledgmentPolicy.ts); its
-- index now names them so, which also leaves the once-a-day check only the mailbox's index to take,
-- whatever the planner knows of the table: an acknowledgment still waiting counts there.
drop index public.contact_notifications_acknowledgments_idx;
create index contact_notifications_decided_acknowledgments_idx on public.contact_notifications (created_at)
  where kind = 'acknowledgment' and not awaits_budget;

-- A lead's fast lane also claims a due summary text (outbox/notificationQueue.ts). Found through
-- the texts' index, that read every text ever queued to the number.
create index contact_notifications_due_summaries_idx on public.contact_notifications (next_attempt_at)
  where kind = 'summary-sms' and status in ('pending', 'sending');

-- A lead's notifications wait while one of them waits for its budget. Through the due index, that
-- probe walked every row ever due, once per claimed row. The senders' reads of what waits (every
-- one, or one lead's) use it too, so it replaces the index on when they were queued: what waits
-- for a budget is never more than a few rows, and a text cancelled while it waited leaves it.
create index contact_notifications_lead_awaiting_idx on public.contact_notifications (contact_request_id)
  where awaits_budget and status = 'pending';
drop index public.contact_notifications_awaiting_idx;

-- A retried owner email lists the undelivered texts its first attempt reported
-- (outbox/smsReceipts.ts): without an index that read the whole queue on every retry.
create index contact_notifications_reported_in_idx on public.contact_notifications (reported_in)
  where reported_in is not null;

-- A number's next summary text is due 15 minutes after its last one went (outbox/textBudget.ts):
-- read from the end of this index, not from every summary the number ever got.
create index contact_notifications_summary_times_idx on public.contact_notifications
  (recipient, (coalesce(delivered_at, next_attempt_at)))
  where kind = 'summary-sms';
