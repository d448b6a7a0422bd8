import { strict as assert } from "node:assert";
import {
  type ColumnInfo,
  publicColumnsQuery,
  renderRowTypes,
  rowTypesFile,
  typeScriptTypes,
} from "../../scripts/rowTypes.ts";
import { storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

function runtimeType(value: unknown): string {
  return value instanceof Date ? "Date" : typeof value;
}

Deno.test("the row types are the columns the migrations make", async (t) => {
  const database = await startTestDatabase();
  try {
    const columns = await database.sql.unsafe<ColumnInfo[]>(publicColumnsQuery);

    await t.step("tableRows.ts is what the generator writes for these columns", async () => {
      const written = await Deno.readTextFile(new URL(`../../${rowTypesFile}`, import.meta.url));
      assert.equal(
        written,
        renderRowTypes(columns),
        "stale row types: run pnpm --filter @bluewater/supabase generate-row-types",
      );
    });

    await t.step("the driver returns each column as the type the generator gives it", async () => {
      // Every nullable column gets a value, so each one's type can be seen.
      await storeLead(database.sql, {
        created_at: new Date(),
        name: "Row Check",
        email: "row@example.com",
        phone: "(586) 555-0100",
        service: "",
        message: "",
        notification: { status: "failed", attempts: 1, last_error: "error" },
      });
      await database.sql`
        update public.contact_notifications
        set locked_until = now(), delivered_at = now(), provider_message_id = 'message-id',
          summary_id = id, reported_in = id, receipt_status = 'undelivered',
          receipt_error_code = '30003', receipt_at = now(), resent_at = now(),
          superseded_message_id = 'earlier-message-id', payload = '{}', dedupe_key = 'key',
          mailbox = 'row@example.com'`;
      await database.sql`
        update public.contact_requests
        set is_spam = true, spam_reason = 'too-fast', fingerprint = ${"0".repeat(64)},
          contacted_at = now(), escalation_due_at = now(), escalated_at = now(),
          mailbox = 'row@example.com', utm_source = 'google', utm_medium = 'cpc',
          utm_campaign = 'spring', referrer_host = 'www.google.com', gclid = 'Cj0KCQ-click_id',
          review_opted_out_at = now()`;
      await database.sql`
        insert into public.lead_outcomes (contact_request_id, step, amount_cents, lost_reason, undone_at)
        select id, 'lost', 900000, 'price', now() from public.contact_requests limit 1`;
      await database.sql`
        insert into public.site_visits
          (page, device, utm_source, utm_medium, utm_campaign, referrer_host, request_sent,
           lcp_ms, lcp_element, inp_ms, inp_target, cls, fcp_ms, ttfb_ms, act_to_interactive_ms)
        values ('home', 'mobile', 'google', 'cpc', 'spring', 'www.google.com', 'app', 900, 'h1',
          40, 'button', 0.01, 700, 90, 300)`;
      await database.sql`
        insert into public.contact_request_keys (request_id, contact_request_id)
        select gen_random_uuid(), id from public.contact_requests limit 1`;
      await database.sql`
        insert into public.contact_rate_limit_hits (client_address_hash, at) values ('hash', now())`;
      await database.sql`
        update public.contact_deliverer_heartbeat
        set last_run_at = now(), notice_at = now(), notice_last_run_at = now(),
          notice_lead_id = (select id from public.contact_requests limit 1)`;
      // The function, `pnpm leads` and the tests all read with pg (@bluewater/postgres/client).
      for (const table of new Set(columns.map((column) => column.table_name))) {
        const [row] = await database.sql.unsafe(`select * from public.${table} limit 1`);
        assert.ok(row, `a row in ${table}`);
        for (const column of columns.filter((c) => c.table_name === table)) {
          assert.equal(
            runtimeType(row[column.column_name]),
            typeScriptTypes[column.udt_name],
            `${table}.${column.column_name}`,
          );
        }
      }
    });
  } finally {
    await database.close();
  }
});
