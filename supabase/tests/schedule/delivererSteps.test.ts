import { strict as assert } from "node:assert";
import { functionUrl, readJson, startLoggingHandler, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const at = (iso: string) => new Date(iso).getTime();
/** Monday, November 23, 2026, 8 am in Michigan: the week's report is due. */
const monday = at("2026-11-23T13:00:00Z");

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ OWNER_REPORT_EMAIL: "on" }),
    start: at("2026-11-18T15:00:00Z"),
  });
  const deliver = async () => {
    const answer = await handler.handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": "test-deliverer-secret" },
      }),
    );
    return { status: answer.status, body: await readJson(answer) };
  };
  const reports = () =>
    handler.email.sent.filter((sent) => sent.message.subject.includes("website, last week"));
  return { database, handler, deliver, reports };
}

Deno.test("2,500 beacons with as many sources: the week's report keeps the top 10 and sums the rest; deliveries go on", async () => {
  const { database, handler, deliver, reports } = await setUp();
  try {
    // What ~2,500 forged beacons leave: each a different 90-character campaign tag.
    await database.sql`
      insert into public.site_visits (created_at, page, device, utm_source)
      select '2026-11-18T15:00:00Z', 'home', 'mobile', lpad(i::text, 90, 'x')
      from generate_series(1, 2500) as i`;
    await database.sql`
      insert into public.site_visits (created_at, page, device, utm_source, utm_medium)
      select '2026-11-18T15:00:00Z', 'home', 'mobile', 'truck', 'qr' from generate_series(1, 3)`;
    handler.setClock(monday);
    const lead = await handler.submit({});
    const { status, body } = await deliver();
    assert.equal(status, 200);
    assert.deepEqual(body.failedSteps, []);
    assert.equal(body.ownerReport, true);
    const [row] = await database.sql`
      select char_length(payload) as size from public.contact_notifications
      where kind = 'owner-report'`;
    assert.ok(Number(row?.size) < 20_000, `the report's figures are bounded: ${row?.size}`);
    const text = reports()[0]?.message.text ?? "";
    assert.match(text, /truck/i, "the source with the most visits is named");
    assert.match(text, /2491 other sources/);
    assert.ok(
      handler.email.sent.some((sent) => sent.message.text.includes(lead)),
      "alerted",
    );
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("a failing step is logged and named; the others run, and the heartbeat does not hide it", async () => {
  const { database, handler, deliver, reports } = await setUp();
  try {
    // The report's row cannot be written (as when its figures outgrew the column).
    await database.sql`
      create function test_refuse_report() returns trigger language plpgsql as $$
      begin raise exception 'the report does not fit'; end $$`;
    await database.sql`
      create trigger test_refuse_report before insert on public.contact_notifications
      for each row when (new.kind = 'owner-report') execute function test_refuse_report()`;
    await database.sql`
      insert into public.site_visits (created_at, page, device, utm_source)
      values ('2026-11-18T15:00:00Z', 'home', 'mobile', 'truck')`;
    await database.sql`
      insert into public.site_visits (created_at, page, device)
      values ('2025-01-01T00:00:00Z', 'home', 'mobile')`;
    handler.setClock(monday);
    // A lead whose alert failed once and is due again now: the deliveries step sends it.
    const lead = await handler.submit({});
    await database.sql`
      update public.contact_notifications set status = 'pending', next_attempt_at = ${new Date(monday)}
      where contact_request_id = ${lead}`;
    const sentBefore = handler.email.sent.length;
    handler.logged.length = 0;
    const { status, body } = await deliver();
    assert.equal(status, 500);
    assert.deepEqual(body.failedSteps, ["report"]);
    assert.equal(typeof body.error, "string");
    assert.ok(
      handler.logged.some((line) => line.includes("report")),
      handler.logged.join("\n"),
    );
    assert.equal(reports().length, 0);
    assert.ok(handler.email.sent.length > sentBefore, "the due alert still went out");
    assert.equal(body.prunedVisits, 1, "pruning still ran");
    const [heartbeat] = await database.sql`
      select last_run_at from public.contact_deliverer_heartbeat`;
    assert.equal(heartbeat?.last_run_at, null, "a run with a failed step is not a heartbeat");
  } finally {
    await handler.settle();
    await database.close();
  }
});
