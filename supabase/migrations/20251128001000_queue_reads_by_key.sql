-- Reads of the notification queue that grew with every lead before them (docs/function.md,
-- "What a lead reads"). Each index below is partial: only rows still waiting enter it, and each
-- read finds its rows by key, not by walking the queue's history.

-- A lead's fast lane also claims a due summary text (functions/send-contact-email/outbox/
-- notificationQueue.ts). Found through the texts' index, that read every text ever queued for the
-- number.
create index contact_notifications_due_summaries_idx on public.contact_notifications (next_attempt_at)
  where kind = 'summary-sms' and status in ('pending', 'sending');

-- A lead's notifications wait while one of them waits for its budget (the claim's NOT EXISTS).
-- Read through the due index, that probe walked every row ever due, once per claimed row. The
-- senders' own reads of what waits (every one, or one lead's) use it too, so it replaces the index
-- on the time they were queued: what waits for a budget is never more than a few rows.
create index contact_notifications_lead_awaiting_idx on public.contact_notifications (contact_request_id)
  where awaits_budget and status = 'pending';
drop index public.contact_notifications_awaiting_idx;
