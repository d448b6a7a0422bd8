import { strict as assert } from "node:assert";
import { startTestDatabase } from "./support/testDatabase.ts";

const tables = ["contact_requests", "contact_notifications", "contact_rate_limits"];

Deno.test("the public API roles can neither read nor write leads", async (t) => {
  const database = await startTestDatabase();
  const { sql } = database;
  try {
    await t.step("row-level security is on for every table in public, with no policy", async () => {
      const rows = await sql`
        select c.relname, c.relrowsecurity,
          (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`;
      assert.deepEqual(
        rows.map((row) => row.relname),
        [...tables].sort(),
      );
      for (const row of rows) {
        assert.equal(row.relrowsecurity, true, `${row.relname} has RLS`);
        assert.equal(row.policies, 0, `${row.relname} has no policy`);
      }
    });

    await sql`
      insert into public.contact_requests (request_id, name, email, phone, client_address_hash)
      values (${crypto.randomUUID()}, 'Dana', 'dana@example.com', '5865550123', 'hash')`;

    const statements: Record<string, string[]> = {
      contact_requests: [
        "select * from public.contact_requests",
        "insert into public.contact_requests (request_id, name, email, phone, client_address_hash) values (gen_random_uuid(), 'x', 'x@example.com', '5865550123', 'h')",
        "update public.contact_requests set name = 'x'",
        "delete from public.contact_requests",
      ],
      contact_notifications: [
        "select * from public.contact_notifications",
        "insert into public.contact_notifications (contact_request_id) select id from public.contact_requests",
        "update public.contact_notifications set attempts = 0",
        "delete from public.contact_notifications",
      ],
      contact_rate_limits: [
        "select * from public.contact_rate_limits",
        "insert into public.contact_rate_limits (client_address_hash, window_start) values ('h', now())",
        "update public.contact_rate_limits set request_count = 0",
        "delete from public.contact_rate_limits",
      ],
    };

    for (const role of ["anon", "authenticated"]) {
      for (const table of tables) {
        await t.step(`${role} is refused every read and write of ${table}`, async () => {
          for (const statement of statements[table] ?? []) {
            await assert.rejects(
              sql.begin(async (tx) => {
                await tx.unsafe(`set local role ${role}`);
                await tx.unsafe(statement);
              }),
              (error: { code?: string }) => error.code === "42501",
              `${role}: ${statement}`,
            );
          }
        });
      }
      await t.step(`${role} holds no privilege on any of the tables`, async () => {
        for (const table of tables) {
          const [row] = await sql`
            select has_table_privilege(${role}, ${`public.${table}`}, 'select, insert, update, delete, truncate, references, trigger') as any`;
          assert.equal(row?.any, false, `${role} on ${table}`);
        }
      });
    }

    await t.step("the stored lead is untouched", async () => {
      const [row] =
        await sql`select count(*)::int as n from public.contact_requests where name = 'Dana'`;
      assert.equal(row?.n, 1);
    });
  } finally {
    await database.close();
  }
});
