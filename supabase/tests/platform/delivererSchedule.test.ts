import { strict as assert } from "node:assert";
import { startTestDatabase } from "../support/testDatabase.ts";

/**
 * `public.schedule_contact_deliverer` (migration 20251126001100), which `pnpm go-live` runs on the
 * hosted project. The embedded PostgreSQL has neither pg_cron nor pg_net nor Vault, and none of
 * them can be installed into it here: so the first test holds it to changing nothing there, and
 * the second runs it against stand-ins with the documented signatures of the three (pg_cron's
 * cron.job and cron.schedule, pg_net's net.http_post, supabase_vault's secrets, decrypted view,
 * create_secret and update_secret), which record what a real one would do.
 */
const functionUrl = "https://abcdefghijklmnopqrst.supabase.co/functions/v1/send-contact-email";
const secret = "s".repeat(64);

const standIns = `
create schema cron;
create table cron.job (jobid bigserial primary key, schedule text, command text,
  jobname text unique, active boolean default true);
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid $$;
create schema net;
create table net.calls (url text, headers jsonb, body jsonb, timeout_milliseconds int);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
  headers jsonb default '{}', timeout_milliseconds int default 5000) returns bigint
language sql as $$
  insert into net.calls values (url, headers, body, timeout_milliseconds); select 1::bigint $$;
create schema vault;
create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique,
  secret text);
create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
create function vault.create_secret(new_secret text, new_name text default null) returns uuid
language sql as $$ insert into vault.secrets (name, secret) values (new_name, new_secret) returning id $$;
create function vault.update_secret(secret_id uuid, new_secret text default null) returns void
language sql as $$ update vault.secrets set secret = new_secret where id = secret_id $$;
`;

Deno.test("where pg_cron and pg_net do not exist, as on the embedded PostgreSQL, the schedule is skipped and nothing changes", async () => {
  const database = await startTestDatabase();
  try {
    const [row] = await database.sql`
      select public.schedule_contact_deliverer(${functionUrl}, ${secret}) as outcome`;
    assert.equal(row?.outcome, "skipped: pg_cron is not available on this server");
    const schemas = await database.sql`
      select nspname from pg_namespace where nspname in ('cron', 'net', 'vault')`;
    assert.equal(schemas.length, 0, "no schema of theirs was made");
  } finally {
    await database.close();
  }
});

Deno.test("with pg_cron, pg_net and Vault, the job is installed once, reads its address and secret from Vault, and a second run changes nothing", async (t) => {
  const database = await startTestDatabase();
  const { sql } = database;
  const schedule = async (url = functionUrl, key = secret) =>
    (await sql`select public.schedule_contact_deliverer(${url}, ${key}) as outcome`)[0]?.outcome;
  try {
    await sql.unsafe(standIns);

    await t.step("the first run installs it", async () => {
      assert.equal(await schedule(), "installed");
      const jobs = await sql`select jobname, schedule, command from cron.job`;
      assert.equal(jobs.length, 1);
      assert.equal(jobs[0]?.jobname, "deliver-contact-notifications");
      assert.equal(jobs[0]?.schedule, "* * * * *");
      assert.ok(!String(jobs[0]?.command).includes(secret), "the secret is not in cron.job");
    });

    await t.step("its command POSTs /deliver with the secret, both read from Vault", async () => {
      const [job] = await sql`select command from cron.job`;
      await sql.unsafe(String(job?.command));
      const [call] = await sql`select url, headers, body, timeout_milliseconds from net.calls`;
      assert.equal(call?.url, `${functionUrl}/deliver`);
      assert.deepEqual(call?.headers, {
        "content-type": "application/json",
        "x-deliverer-secret": secret,
      });
      assert.equal(call?.timeout_milliseconds, 30000);
    });

    await t.step("a second run with the same values changes nothing, and says so", async () => {
      const before = await sql`select * from vault.secrets order by name`;
      assert.equal(await schedule(), "unchanged");
      assert.deepEqual(await sql`select * from vault.secrets order by name`, before);
      assert.equal((await sql`select count(*)::int as n from cron.job`)[0]?.n, 1);
    });

    await t.step("a new secret is written to Vault, the job stays one", async () => {
      assert.equal(await schedule(functionUrl, "n".repeat(64)), "installed");
      const [stored] = await sql`
        select decrypted_secret from vault.decrypted_secrets where name = 'contact_deliverer_secret'`;
      assert.equal(stored?.decrypted_secret, "n".repeat(64));
      assert.equal((await sql`select count(*)::int as n from cron.job`)[0]?.n, 1);
    });

    await t.step("it refuses to install a schedule without an address or a secret", async () => {
      await assert.rejects(schedule("not a url", secret), /needs the function's http\(s\) address/);
      await assert.rejects(schedule(functionUrl, ""), /DELIVERER_SECRET/);
    });

    await t.step("the public API roles cannot run it", async () => {
      const [grant] = await sql`
        select has_function_privilege('anon', 'public.schedule_contact_deliverer(text, text)', 'execute') as anon,
          has_function_privilege('authenticated', 'public.schedule_contact_deliverer(text, text)', 'execute') as authenticated`;
      assert.deepEqual({ ...grant }, { anon: false, authenticated: false });
    });
  } finally {
    await database.close();
  }
});
