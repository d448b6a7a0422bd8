-- One acknowledgment per mailbox a day (docs/function.md, "The acknowledgment"): the address the
-- visitor typed stays in `email`; `mailbox` is the same address as a mail server delivers it —
-- lower case, without a +tag, and for Gmail without dots and with googlemail.com as gmail.com —
-- which the once-a-day check compares. Null for leads stored before this migration.
alter table public.contact_requests
  add column mailbox text check (char_length(mailbox) <= 1000);

create index contact_requests_mailbox_idx on public.contact_requests (mailbox, created_at desc)
  where mailbox is not null;
