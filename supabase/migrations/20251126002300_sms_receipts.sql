-- Delivery receipts of the owner's texts (docs/function.md, "Delivery receipts"): Twilio posts a
-- text's final state to the function's /sms-status route, signed; the state is kept on its
-- notification. An alert text the carrier did not deliver is sent once more; still undelivered,
-- the owner's next email names its lead.
alter table public.contact_notifications
  add column receipt_status text check (receipt_status in ('delivered', 'undelivered', 'failed')),
  -- Twilio's ErrorCode (30003 unreachable handset, 30007 carrier filtering, …).
  add column receipt_error_code text check (char_length(receipt_error_code) <= 16),
  add column receipt_at timestamptz,
  -- When an undelivered alert text was queued again (once), and the message it replaced, whose
  -- late receipts change nothing.
  add column resent_at timestamptz,
  add column superseded_message_id text check (char_length(superseded_message_id) <= 64),
  -- The owner email that told the owner this text did not arrive.
  add column reported_in uuid references public.contact_notifications (id) on delete set null;

-- The deliverer looks for texts to send again, and an owner email for texts to report.
create index contact_notifications_receipts_idx on public.contact_notifications (receipt_at)
  where receipt_status in ('undelivered', 'failed') and reported_in is null;
