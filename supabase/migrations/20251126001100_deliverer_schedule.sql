-- The deliverer's schedule as code: `pnpm go-live` calls this function with the function's
-- address and DELIVERER_SECRET once they are known. It keeps both in Vault and schedules a
-- Supabase Cron job that POSTs /deliver every minute through pg_net, enabling the two
-- extensions first. Run again, it changes only what differs, and says 'unchanged' when nothing
-- did. Where pg_cron, pg_net or Vault do not exist (the embedded PostgreSQL of the local stack
-- and the tests, whose own timer calls /deliver), it changes nothing and says why.
create function public.schedule_contact_deliverer(function_url text, deliverer_secret text)
returns text
language plpgsql
set search_path = ''
as $schedule$
declare
  job_name constant text := 'deliver-contact-notifications';
  every_minute constant text := '* * * * *';
  -- Read from Vault on every run, so neither the address nor the secret is in cron.job.
  job_command constant text := $job$select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'contact_deliverer_url'),
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'x-deliverer-secret',
      (select decrypted_secret from vault.decrypted_secrets where name = 'contact_deliverer_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000
  )$job$;
  wanted jsonb := jsonb_build_object(
    'contact_deliverer_url', function_url || '/deliver',
    'contact_deliverer_secret', deliverer_secret
  );
  secret record;
  secret_id uuid;
  changed boolean := false;
begin
  if function_url is null or function_url !~ '^https?://' or coalesce(deliverer_secret, '') = '' then
    raise exception 'schedule_contact_deliverer needs the function''s http(s) address and DELIVERER_SECRET';
  end if;
  if to_regnamespace('cron') is null
     and not exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    return 'skipped: pg_cron is not available on this server';
  end if;
  if to_regnamespace('net') is null
     and not exists (select from pg_catalog.pg_available_extensions where name = 'pg_net') then
    return 'skipped: pg_net is not available on this server';
  end if;
  if to_regnamespace('vault') is null then
    return 'skipped: Vault (supabase_vault) is not installed on this server';
  end if;
  if to_regnamespace('cron') is null then
    create extension pg_cron;
    changed := true;
  end if;
  if to_regnamespace('net') is null then
    create extension pg_net with schema extensions;
    changed := true;
  end if;
  for secret in select key as name, value #>> '{}' as value from jsonb_each(wanted) loop
    select id into secret_id from vault.secrets where name = secret.name;
    if secret_id is null then
      perform vault.create_secret(secret.value, secret.name);
      changed := true;
    elsif (select decrypted_secret from vault.decrypted_secrets where id = secret_id)
          is distinct from secret.value then
      perform vault.update_secret(secret_id, secret.value);
      changed := true;
    end if;
  end loop;
  if not exists (
    select from cron.job
    where jobname = job_name and schedule = every_minute and command = job_command and active
  ) then
    -- pg_cron replaces a job of the same name.
    perform cron.schedule(job_name, every_minute, job_command);
    changed := true;
  end if;
  return case when changed then 'installed' else 'unchanged' end;
end;
$schedule$;

-- Only the owner's tools (the postgres role) run it: it handles a secret.
revoke all on function public.schedule_contact_deliverer(text, text) from public, anon, authenticated;
