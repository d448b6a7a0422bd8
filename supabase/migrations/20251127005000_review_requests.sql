-- A review request from every finished job (docs/owner-tools.md, "Review requests"): once a lead
-- is marked "job done", the deliverer queues one email to the homeowner 2 hours later with the
-- business's Google review link, and at most one reminder 5 days after it arrived. Both go through
-- the outbox like every other email (retries, one send per notification); each lead gets at most
-- one of each, whoever queues it (their dedupe key is the lead's).
alter table public.contact_notifications
  drop constraint contact_notifications_kind_check,
  add constraint contact_notifications_kind_check check (
    kind in ('alert-email', 'alert-sms', 'acknowledgment', 'escalation-email', 'escalation-sms',
      'summary-sms', 'owner-report', 'review-request', 'review-reminder')
  );

-- When the homeowner tapped the email's "no reminder" link: no reminder is queued or sent after.
alter table public.contact_requests add column review_opted_out_at timestamptz;

-- The deliverer looks for finished jobs without a request on every run: by the step, few rows.
create index lead_outcomes_job_done_idx on public.lead_outcomes (at)
  where step = 'job-done' and undone_at is null;
