import { strict as assert } from "node:assert";
import { raw } from "../../../tools/postgres/src/client.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const tables = [
  "contact_deliverer_heartbeat",
  "contact_requests",
  "contact_notifications",
  "contact_rate_limit_hits",
  "contact_request_keys",
  "site_visits",
  "lead_outcomes",
];

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
    // A row in every table, so a read that should see nothing has something to see.
    await sql`insert into public.contact_notifications (contact_request_id) select id from public.contact_requests`;
    await sql`insert into public.contact_rate_limit_hits (client_address_hash, at) values ('hash', now())`;
    await sql`insert into public.contact_request_keys (request_id, contact_request_id) select gen_random_uuid(), id from public.contact_requests`;
    await sql`insert into public.site_visits (page, device) values ('home', 'mobile')`;
    await sql`insert into public.lead_outcomes (contact_request_id, step, amount_cents) select id, 'won', 480000 from public.contact_requests`;

    const statements: Record<string, string[]> = {
      contact_deliverer_heartbeat: [
        "select * from public.contact_deliverer_heartbeat",
        "insert into public.contact_deliverer_heartbeat (id) values (true)",
        "update public.contact_deliverer_heartbeat set last_run_at = now()",
        "delete from public.contact_deliverer_heartbeat",
      ],
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
      contact_rate_limit_hits: [
        "select * from public.contact_rate_limit_hits",
        "insert into public.contact_rate_limit_hits (client_address_hash, at) values ('h', now())",
        "update public.contact_rate_limit_hits set at = now()",
        "delete from public.contact_rate_limit_hits",
      ],
      contact_request_keys: [
        "select * from public.contact_request_keys",
        "insert into public.contact_request_keys (request_id, contact_request_id) select gen_random_uuid(), id from public.contact_requests",
        "update public.contact_request_keys set created_at = now()",
        "delete from public.contact_request_keys",
      ],
      site_visits: [
        "select * from public.site_visits",
        "insert into public.site_visits (page, device) values ('home', 'mobile')",
        "update public.site_visits set acted = true",
        "delete from public.site_visits",
      ],
      lead_outcomes: [
        "select * from public.lead_outcomes",
        "insert into public.lead_outcomes (contact_request_id, step) values (gen_random_uuid(), 'inspected')",
        "update public.lead_outcomes set amount_cents = 1",
        "delete from public.lead_outcomes",
      ],
    };

    // Rows written outright: an insert that reads first would see nothing under RLS.
    const insertRow: Record<string, string> = {
      contact_deliverer_heartbeat: statements.contact_deliverer_heartbeat?.[1] ?? "",
      contact_requests: statements.contact_requests?.[1] ?? "",
      contact_notifications:
        "insert into public.contact_notifications (contact_request_id) values (gen_random_uuid())",
      contact_rate_limit_hits: statements.contact_rate_limit_hits?.[1] ?? "",
      contact_request_keys:
        "insert into public.contact_request_keys (request_id, contact_request_id) values (gen_random_uuid(), gen_random_uuid())",
      site_visits: statements.site_visits?.[1] ?? "",
      lead_outcomes: statements.lead_outcomes?.[1] ?? "",
    };
    const firstColumn: Record<string, string> = {
      contact_deliverer_heartbeat: "last_run_at",
      contact_requests: "name",
      contact_notifications: "attempts",
      contact_rate_limit_hits: "at",
      contact_request_keys: "created_at",
      site_visits: "acted",
      lead_outcomes: "amount_cents",
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
            select has_table_privilege(${role}, ${`public.${table}`}, 'select, insert, update, delete, truncate, references, trigger') as granted`;
          assert.equal(row?.granted, false, `${role} on ${table}`);
        }
      });
    }

    await t.step(
      "no relation, column, sequence or function anywhere is granted to anon or authenticated",
      async () => {
        // Enumerated from the catalog, so a view, function or column grant added later is caught.
        const grants = await sql<{ what: string }[]>`
          select format('%s on %I.%I', r.rolname, n.nspname, c.relname) as what
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated')) r
          where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
            and c.relkind in ('r', 'v', 'm', 'p', 'f', 'S')
            and (has_table_privilege(r.rolname, c.oid, 'select, insert, update, delete, truncate, references, trigger')
              or (c.relkind <> 'S' and has_any_column_privilege(r.rolname, c.oid, 'select, insert, update, references'))
              or (c.relkind = 'S' and has_sequence_privilege(r.rolname, c.oid, 'usage, select, update')))
          union all
          select format('%s may execute %I.%I', r.rolname, n.nspname, p.proname)
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated')) r
          where n.nspname not in ('pg_catalog', 'information_schema')
            and has_function_privilege(r.rolname, p.oid, 'execute')`;
        assert.deepEqual(
          grants.map((row) => row.what),
          [],
        );
      },
    );

    await t.step(
      "should the grants come back (a dashboard re-grant), row-level security alone still hides every row and refuses every write",
      async () => {
        for (const role of ["anon", "authenticated"]) {
          for (const table of tables) {
            const attempt = (statement: string) =>
              sql.begin(async (tx) => {
                await tx.unsafe(
                  `grant select, insert, update, delete on public.${table} to ${role}`,
                );
                await tx.unsafe(`set local role ${role}`);
                const rows = await tx.unsafe(statement);
                // Undo the grant with the transaction, whatever happened. Each statement returns
                // a row per row it read or changed.
                throw Object.assign(new Error("rolled back"), { rows: rows.length });
              });
            const counted = async (statement: string) =>
              await attempt(statement).catch((error: { rows?: number; code?: string }) => {
                if (error.rows === undefined) throw error;
                return error.rows;
              });
            assert.equal(
              await counted(`select * from public.${table}`),
              0,
              `${role} reads ${table}`,
            );
            assert.equal(
              await counted(
                `update public.${table} set ${firstColumn[table]} = ${firstColumn[table]} returning 1`,
              ),
              0,
            );
            assert.equal(
              await counted(`delete from public.${table} returning 1`),
              0,
              `${role} deletes ${table}`,
            );
            await assert.rejects(
              attempt(insertRow[table] ?? ""),
              (error: { code?: string; message?: string }) =>
                error.code === "42501" && /row-level security/.test(String(error.message)),
              `${role} inserts into ${table}`,
            );
          }
        }
        const [row] =
          await sql`select has_table_privilege('anon', 'public.contact_requests', 'select') as granted`;
        assert.equal(row?.granted, false, "the grants were rolled back");
      },
    );

    await t.step("the stored rows are untouched", async () => {
      const [row] =
        await sql`select count(*)::int as n from public.contact_requests where name = 'Dana'`;
      assert.equal(row?.n, 1);
      for (const table of tables) {
        const [count] = await sql`select count(*)::int as n from ${raw(`public.${table}`)}`;
        assert.equal(count?.n, 1, table);
      }
    });
  } finally {
    await database.close();
  }
});
