import { strict as assert } from "node:assert";
import { visitLimits } from "@bluewater/content/visit";
import type { Sql } from "../../../tools/postgres/src/client.ts";
import {
  functionUrl,
  platformAddressHeader,
  postRequest,
  readJson,
  startHandler,
  testConfig,
  testOrigin,
  uniqueAddress,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase, type TestDatabase } from "../support/testDatabase.ts";

/** A beacon as the page sends it at the end of a visit from a Google ad on a phone. */
const adVisit = {
  page: "home",
  device: "mobile",
  utmSource: "google",
  utmMedium: "cpc",
  utmCampaign: "spring-basements",
  gclid: true,
  acted: true,
  scrolledPastHero: true,
  phoneTapped: true,
  formFocused: true,
  sent: "app",
  lcp: 812.4,
  lcpElement: "#home>div>h1",
  inp: 48,
  inpTarget: "a[href^='tel:']",
  cls: 0.012,
  fcp: 640.2,
  ttfb: 95.6,
  actToInteractive: 430,
};

/** `navigator.sendBeacon(url, string)`: text/plain, the page's Origin, nothing else of ours. */
function beacon(
  body: unknown,
  options: { headers?: Record<string, string>; address?: string; raw?: string } = {},
): Request {
  return new Request(`${functionUrl}/visit`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: testOrigin,
      [platformAddressHeader]: options.address ?? uniqueAddress(),
      ...options.headers,
    },
    body: options.raw ?? JSON.stringify(body),
  });
}

async function visits(sql: Sql) {
  return await sql`select * from public.site_visits order by id`;
}

/**
 * Fills both beacon slots: another session holds the visits table, and two real visitors'
 * beacons wait on its lock, each in its slot. `release` lets them through and answers them.
 */
async function fillBeaconSlots(
  database: TestDatabase,
  handle: (request: Request) => Promise<Response>,
) {
  const holder = await database.sql.reserve();
  await holder`begin`;
  await holder`lock table public.site_visits in access exclusive mode`;
  const held = [handle(beacon(adVisit)), handle(beacon(adVisit))];
  for (let waiting = 0; waiting < 2; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [row] = await database.sql`
      select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
      where c.relname = 'site_visits' and not l.granted`;
    waiting = Number(row?.n ?? 0);
  }
  return {
    async release(): Promise<number[]> {
      await holder`rollback`;
      holder.release();
      return (await Promise.all(held)).map((answer) => answer.status);
    },
  };
}

Deno.test("a page view's beacon is stored as one row, 204, with nothing that names the visitor", async () => {
  const database = await startTestDatabase();
  try {
    const { handle } = startHandler({ db: database.db });
    const answer = await handle(beacon(adVisit));
    assert.equal(answer.status, 204);
    const [row, ...more] = await visits(database.sql);
    assert.equal(more.length, 0);
    assert.ok(row);
    const { id: _id, created_at: _at, ...stored } = row;
    assert.deepEqual(stored, {
      page: "home",
      device: "mobile",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring-basements",
      referrer_host: null,
      has_gclid: true,
      has_fbclid: false,
      acted: true,
      scrolled_past_hero: true,
      phone_tapped: true,
      chat_opened: false,
      form_focused: true,
      request_sent: "app",
      lcp_ms: 812,
      lcp_element: "#home>div>h1",
      inp_ms: 48,
      inp_target: "a[href^='tel:']",
      cls: 0.012,
      fcp_ms: 640,
      ttfb_ms: 96,
      act_to_interactive_ms: 430,
    });
    // No column could hold an address, a user agent or an id of the visitor.
    const columns = await database.sql`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'site_visits'`;
    const names = columns.map((column) => String(column.column_name));
    for (const forbidden of ["address", "ip", "agent", "session", "visitor", "cookie", "hash"]) {
      assert.equal(names.filter((name) => name.includes(forbidden)).length, 0, forbidden);
    }
  } finally {
    await database.close();
  }
});

Deno.test("a visitor with Global Privacy Control or Do Not Track leaves no row", async () => {
  const database = await startTestDatabase();
  try {
    const { handle } = startHandler({ db: database.db });
    for (const headers of [{ "sec-gpc": "1" }, { dnt: "1" }]) {
      assert.equal((await handle(beacon(adVisit, { headers }))).status, 204);
    }
    assert.equal((await visits(database.sql)).length, 0);
  } finally {
    await database.close();
  }
});

Deno.test("a beacon the schema refuses gets a 4xx with a readable error and is stored nowhere", async (t) => {
  const database = await startTestDatabase();
  try {
    const { handle } = startHandler({ db: database.db });
    const cases: [string, Request, number, RegExp][] = [
      ["no body", beacon(undefined, { raw: "" }), 400, /not a JSON object/],
      ["not JSON", beacon(undefined, { raw: "{page:home" }), 400, /not a JSON object/],
      ["an array", beacon([adVisit]), 400, /could not be read/],
      ["a page of its own", beacon({ ...adVisit, page: "/admin" }), 400, /could not be read/],
      ["a field of its own", beacon({ ...adVisit, visitorId: "abc" }), 400, /visitorId/],
      ["a click id's value", beacon({ ...adVisit, gclid: "EAIaIQobChMI" }), 400, /gclid/],
      [
        "a lead's click id field",
        beacon({ ...adVisit, googleClickId: "EAIaIQobChMI" }),
        400,
        /googleClickId/,
      ],
      [
        "a referrer with a path",
        beacon({ ...adVisit, referrer: "evil.example/x?y" }),
        400,
        /referrer/,
      ],
      ["a negative LCP", beacon({ ...adVisit, lcp: -1 }), 400, /lcp/],
      ["an endless LCP", beacon({ ...adVisit, lcp: 1e12 }), 400, /lcp/],
      ["a tag with a line break", beacon({ ...adVisit, utmSource: "a\nb" }), 400, /utmSource/],
      ["a tag too long", beacon({ ...adVisit, utmCampaign: "x".repeat(101) }), 400, /utmCampaign/],
      // Tags the page would have clipped to 100 code points, or could never have sent.
      [
        "a tag of 100 graphemes but 200 code points",
        beacon({ ...adVisit, utmCampaign: "e\u0301".repeat(100) }),
        400,
        /100 characters.*utmCampaign/s,
      ],
      [
        "a selector of 200 graphemes but 400 code points",
        beacon({ ...adVisit, lcpElement: "e\u0301".repeat(200) }),
        400,
        /lcpElement/,
      ],
      [
        "a tag with a lone surrogate",
        beacon({ ...adVisit, utmSource: "spring\ud83d" }),
        400,
        /surrogate.*utmSource/s,
      ],
      [
        "an oversized body",
        beacon(undefined, {
          raw: JSON.stringify({ ...adVisit, pad: "x".repeat(visitLimits.beaconBytes) }),
        }),
        413,
        /at most 4096 bytes/,
      ],
      [
        "a form body",
        beacon(adVisit, { headers: { "content-type": "application/x-www-form-urlencoded" } }),
        415,
        /JSON/,
      ],
      [
        "another site",
        beacon(adVisit, { headers: { origin: "https://evil.example" } }),
        403,
        /may not send visits/,
      ],
      ["no Origin", beacon(adVisit, { headers: { origin: "" } }), 403, /may not send visits/],
    ];
    for (const [name, request, status, error] of cases) {
      await t.step(name, async () => {
        if (request.headers.get("origin") === "") request.headers.delete("origin");
        const answer = await handle(request);
        assert.equal(answer.status, status);
        assert.match(String((await readJson(answer)).error), error);
      });
    }
    await t.step("GET is not a beacon", async () => {
      const answer = await handle(
        new Request(`${functionUrl}/visit`, { headers: { origin: testOrigin } }),
      );
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.get("allow"), "POST");
    });
    assert.equal((await visits(database.sql)).length, 0);
  } finally {
    await database.close();
  }
});

Deno.test("beacons are limited per address, apart from the address's contact requests", async () => {
  const database = await startTestDatabase();
  try {
    const config = testConfig({ VISIT_RATE_LIMIT_MAX: "3", RATE_LIMIT_MAX: "1" });
    const { handle } = startHandler({ db: database.db, config });
    const address = "203.0.113.9";
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await handle(beacon(adVisit, { address }))).status);
    assert.deepEqual(statuses, [204, 204, 204, 429, 429]);
    const limited = await handle(beacon(adVisit, { address }));
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.match(String((await readJson(limited)).error), /Too many visits/);
    assert.equal((await visits(database.sql)).length, 3);
    // The same address still gets its one contact request through.
    const lead = await handle(postRequest(validSubmission(), { address }));
    assert.equal(lead.status, 200);
    const other = await handle(beacon(adVisit, { address: "203.0.113.10" }));
    assert.equal(other.status, 204);
  } finally {
    await database.close();
  }
});

Deno.test("a flood of beacons never keeps a lead waiting: past the slots (and their queue), beacons are refused at once", async () => {
  const database = await startTestDatabase();
  try {
    const config = testConfig({
      VISIT_CONCURRENCY: "2",
      VISIT_QUEUE: "0",
      VISIT_RATE_LIMIT_MAX: "1000",
    });
    const { handle } = startHandler({ db: database.db, config });
    const slotsFull = await fillBeaconSlots(database, handle);
    const refused = await handle(beacon(adVisit));
    assert.equal(refused.status, 503);
    assert.match(String((await readJson(refused)).error), /Too many visits at once/);
    // Leads use the rest of the pool: one is stored while both slots wait.
    const { submit } = startHandler({ db: database.db, config });
    const id = await submit({});
    const [lead] = await database.sql`select id from public.contact_requests where id = ${id}`;
    assert.ok(lead);
    assert.deepEqual(await slotsFull.release(), [204, 204]);
    assert.equal((await visits(database.sql)).length, 2);
  } finally {
    await database.close();
  }
});

Deno.test("a client past its visit limit, flooding, takes no slot: it is refused before one, and real visitors' beacons still get theirs", async () => {
  const database = await startTestDatabase();
  try {
    const config = testConfig({
      VISIT_CONCURRENCY: "2",
      VISIT_QUEUE: "0",
      VISIT_RATE_LIMIT_MAX: "2",
    });
    const { handle } = startHandler({ db: database.db, config });
    const flooder = "203.0.113.77";
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await handle(beacon(adVisit, { address: flooder }))).status);
    assert.deepEqual(statuses, [204, 204, 429]);
    const slotsFull = await fillBeaconSlots(database, handle);
    // The flooder is answered 429 with its Retry-After, not 503: it asked for no slot.
    let flood: Response[];
    let released: number[];
    try {
      flood = await Promise.all(
        Array.from({ length: 20 }, () => handle(beacon(adVisit, { address: flooder }))),
      );
    } finally {
      released = await slotsFull.release();
    }
    assert.deepEqual(new Set(flood.map((answer) => answer.status)), new Set([429]));
    assert.ok(Number(flood[0]?.headers.get("retry-after")) > 0);
    assert.deepEqual(released, [204, 204]);
    assert.equal((await visits(database.sql)).length, 4);
  } finally {
    await database.close();
  }
});

Deno.test("a beacon body sent byte by byte holds no slot: it is refused with 408 at its deadline, and others are stored meanwhile", async () => {
  const database = await startTestDatabase();
  const stalled: ReadableStreamDefaultController<Uint8Array>[] = [];
  try {
    const config = testConfig({ VISIT_CONCURRENCY: "2", VISIT_QUEUE: "0" });
    const { handle } = startHandler({ db: database.db, config });
    // More stalled bodies than the slots and their queue: each sends its first byte, then waits.
    const held = [0, 1, 2].map(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("{"));
          stalled.push(controller);
        },
      });
      return handle(
        new Request(`${functionUrl}/visit`, {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            origin: testOrigin,
            [platformAddressHeader]: uniqueAddress(),
          },
          body,
        }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const answer = await handle(beacon(adVisit));
    assert.equal(answer.status, 204, "a real beacon is stored while the stalled ones wait");
    assert.ok(Date.now() - started < 2_000, "at once, not after the stalled bodies");
    const refused = await Promise.all(held);
    assert.deepEqual(
      refused.map((response) => response.status),
      [408, 408, 408],
    );
    assert.match(String((await readJson(refused[0] as Response)).error), /within 5 s/);
    assert.equal((await visits(database.sql)).length, 1);
  } finally {
    for (const controller of stalled) {
      try {
        controller.close();
      } catch {
        // Already cancelled by the function.
      }
    }
    await database.close();
  }
});

Deno.test("visits are kept 13 months: the scheduled deliverer deletes older ones", async () => {
  const database = await startTestDatabase();
  try {
    const now = Date.parse("2026-11-30T15:00:00Z");
    const { handle, deliver } = startHandler({ db: database.db, now: () => new Date(now) });
    assert.equal((await handle(beacon(adVisit))).status, 204);
    await database.sql`
      insert into public.site_visits (created_at, page, device) values
        ('2025-10-29T15:00:00Z', 'home', 'desktop'), ('2025-11-01T15:00:00Z', 'home', 'mobile')`;
    const report = await deliver();
    assert.equal(report.prunedVisits, 1);
    const left = await database.sql`select created_at from public.site_visits order by created_at`;
    assert.deepEqual(
      left.map((row) => (row.created_at as Date).toISOString()),
      ["2025-11-01T15:00:00.000Z", "2026-11-30T15:00:00.000Z"],
    );
  } finally {
    await database.close();
  }
});
