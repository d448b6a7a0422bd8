-- Run by the embedded stack and the tests before the migrations, never on hosted Supabase: it gives
-- plain Postgres and PGlite the API roles and default grants a Supabase project has, so the
-- migrations run unchanged and the row-level-security test sees what the hosted database sees.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
-- Supabase exposes new tables in public to the API roles by default; the migrations must revoke.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
