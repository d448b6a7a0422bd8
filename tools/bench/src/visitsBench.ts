import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { benchClientAddress, postLeadFrom } from "@bluewater/stack/post-lead";
import { startThrowawayStack } from "@bluewater/stack/throwaway";
import { percentile } from "./functionBench.ts";
import { type Spread, spread } from "./lighthouse.ts";
import type { Row } from "./report.ts";
import { withEmbeddedServer } from "./stackBench.ts";

/** The owner's numbers on the local stack: the beacon route, and `pnpm report` on many visits. */
export interface VisitsBench {
  beacons: {
    total: number;
    concurrency: number;
    /** Beacons per second, per round. */
    perSecond: Spread;
    /** Every 204 is one stored row, nothing else is stored. */
    storedExactlyOnce: boolean;
  };
  /**
   * Lead p50 latency in ms while 20 clients flood the beacon route, in alternating rounds: with
   * beacons the function stores, and with the same beacons from browsers that decline to be
   * counted (the same requests, answered without the database), which is the reference.
   */
  leadLatency: { storedFlood: Spread; declinedFlood: Spread };
  /** `pnpm report` from start to exit, over `visits` stored visits, per period. */
  report: { visits: number; leads: number; days7: Spread; days365: Spread };
}

const origin = "http://localhost:8080";
const visit = JSON.stringify({
  page: "home",
  device: "mobile",
  utmSource: "google",
  utmMedium: "cpc",
  gclid: true,
  acted: true,
  lcp: 900,
  lcpElement: "h1",
  inp: 40,
  inpTarget: "button",
  cls: 0.01,
  fcp: 700,
  ttfb: 90,
});

/**
 * Sends `total` beacons `concurrency` at a time, each from an address of its own; with
 * `declined`, as a browser with Global Privacy Control, which the function answers without
 * reading the body or touching the database.
 */
async function sendBeacons(
  url: string,
  total: number,
  concurrency: number,
  options: { stop?: () => boolean; declined?: boolean } = {},
) {
  let next = 0;
  let stored = 0;
  const worker = async () => {
    while (next < total && !options.stop?.()) {
      const index = next++;
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          origin,
          "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          ...(options.declined ? { "sec-gpc": "1" } : {}),
        },
        body: visit,
      });
      await response.arrayBuffer();
      if (response.status === 204) stored += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: next, stored };
}

/**
 * The median latency of `count` leads sent 5 at a time, by 5 visitors on addresses of their own
 * (one client's leads take their turns by design, clientTurns.ts).
 */
async function leadP50(functionsUrl: string, count: number): Promise<number> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async (client: number) => {
    const from = benchClientAddress(client);
    while (next < count) {
      next += 1;
      const started = performance.now();
      await postLeadFrom(
        functionsUrl,
        {
          name: "Bench Visitor",
          phone: "(586) 555-0123",
          email: `bench-${randomUUID()}@example.com`,
          service: "",
          message: randomUUID(),
          requestId: randomUUID(),
          website: "",
          elapsedMs: 15_000,
        },
        from,
      );
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: 5 }, (_, client) => worker(client)));
  return Math.round(
    percentile(
      latencies.sort((a, b) => a - b),
      50,
    ),
  );
}

/** The flood row is judged on at least this many alternating rounds, whatever `--rounds` says. */
const minFloodRounds = 5;

/** A lead for every 10 visits: 10,000 leads beside 100,000 visits, as issue 37 measures. */
const visitsPerLead = 10;

/**
 * Stores `visits` visits spread over 13 months, a lead for every `visitsPerLead`, and what the
 * leads became (inspected, quoted, won or lost, job done), one statement each.
 */
export async function fillVisits(databaseUrl: string, visits: number): Promise<void> {
  const sql = connect(databaseUrl);
  try {
    await sql`
      insert into public.site_visits
        (created_at, page, device, utm_source, utm_medium, referrer_host, has_gclid, acted,
         scrolled_past_hero, phone_tapped, chat_opened, form_focused, request_sent, lcp_ms,
         lcp_element, inp_ms, inp_target, cls, fcp_ms, ttfb_ms)
      select now() - (i * interval '395 days' / ${visits}::int),
        case when i % 50 = 0 then 'not-found' else 'home' end,
        case when i % 3 = 0 then 'desktop' else 'mobile' end,
        (array[null, 'google', 'truck', 'facebook', 'newsletter'])[1 + i % 5],
        case when i % 5 = 1 then 'cpc' end,
        (array[null, 'www.google.com', 'm.facebook.com', 'www.bing.com'])[1 + i % 4],
        i % 5 = 1, i % 2 = 0, i % 3 = 0, i % 7 = 0, i % 11 = 0, i % 13 = 0,
        case when i % 50 = 0 then 'app' end,
        500 + i % 3000, (array['h1', 'img.hero', 'p'])[1 + i % 3],
        case when i % 2 = 0 then 20 + i % 400 end,
        case when i % 2 = 0 then (array['button.chat', 'a.call', 'input#name'])[1 + i % 3] end,
        (i % 100) / 1000.0, 300 + i % 2000, 50 + i % 400
      from generate_series(1, ${visits}::int) as i`;
    await sql`
      insert into public.contact_requests
        (created_at, request_id, name, email, phone, client_address_hash, utm_source, utm_medium,
         has_gclid, contacted_at)
      select now() - (i * interval '395 days' / ${visits / visitsPerLead}::int), gen_random_uuid(),
        'Bench', 'bench@example.com', '5865550123', 'bench',
        (array[null, 'google', 'truck'])[1 + i % 3], case when i % 3 = 1 then 'cpc' end,
        i % 3 = 1, case when i % 2 = 0 then now() end
      from generate_series(1, ${visits / visitsPerLead}::int) as i`;
    await sql`
      insert into public.lead_outcomes (contact_request_id, step, amount_cents, lost_reason, at)
      select id, step.name,
        case when step.name in ('quoted', 'won') then 300000 + n % 900000 end,
        case when step.name = 'lost' then 'price' end,
        created_at + step.days * interval '1 day'
      from (select id, created_at, row_number() over (order by id) as n
        from public.contact_requests) as lead
      cross join lateral (values ('inspected', 1, n % 2 = 0), ('quoted', 2, n % 2 = 0),
        ('won', 5, n % 4 = 0), ('lost', 5, n % 4 = 2), ('job-done', 20, n % 8 = 0))
        as step(name, days, taken)
      where step.taken`;
    await sql`analyze public.site_visits`;
    await sql`analyze public.contact_requests`;
    await sql`analyze public.lead_outcomes`;
  } finally {
    await sql.end();
  }
}

/** `pnpm report --days N` as the owner runs it, from the process's start to its exit. */
export async function timeReport(databaseUrl: string, days: number): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(
    process.execPath,
    [
      "--conditions=@bluewater/source",
      new URL("../../leads/src/report.ts", import.meta.url).pathname,
      "--days",
      String(days),
    ],
    { env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  return Math.round(performance.now() - started);
}

interface VisitsBenchOptions {
  rounds: number;
  beacons: number;
  concurrency: number;
  reportVisits: number;
  log: (line: string) => void;
}

/** On an embedded PostgreSQL of its own, as the other stack benches run. */
export function benchVisits(options: VisitsBenchOptions): Promise<VisitsBench> {
  return withEmbeddedServer((serverUrl) => benchOn(serverUrl, options));
}

async function benchOn(serverUrl: string, options: VisitsBenchOptions): Promise<VisitsBench> {
  const stackDatabase = await createTestDatabase({ TEST_DATABASE_URL: serverUrl });
  const stack = await startThrowawayStack({
    database: { url: stackDatabase.url },
    env: { ALLOWED_ORIGINS: origin },
    functionEnv: { RATE_LIMIT_MAX: "1000000", VISIT_RATE_LIMIT_MAX: "1000000" },
  });
  const visitUrl = `${stack.functionsUrl}/visit`;
  const sql = connect(stack.databaseUrl);
  try {
    const rates: number[] = [];
    let storedExactlyOnce = true;
    for (let round = 0; round < options.rounds; round++) {
      const [before] = await sql<
        { n: number }[]
      >`select count(*)::int as n from public.site_visits`;
      const started = performance.now();
      const { stored } = await sendBeacons(visitUrl, options.beacons, options.concurrency);
      rates.push(Math.round(stored / ((performance.now() - started) / 1000)));
      const [after] = await sql<{ n: number }[]>`select count(*)::int as n from public.site_visits`;
      storedExactlyOnce &&=
        stored === options.beacons && (after?.n ?? 0) - (before?.n ?? 0) === stored;
      options.log(`beacons round ${round + 1}: ${rates.at(-1)}/s, ${stored} stored`);
    }
    const storedFlood: number[] = [];
    const declinedFlood: number[] = [];
    const duringFlood = async (declined: boolean) => {
      let done = false;
      const flood = sendBeacons(visitUrl, Number.MAX_SAFE_INTEGER, 20, {
        stop: () => done,
        declined,
      });
      const p50 = await leadP50(stack.functionsUrl, 50);
      done = true;
      await flood;
      return p50;
    };
    for (let round = 0; round < Math.max(minFloodRounds, options.rounds); round++) {
      declinedFlood.push(await duringFlood(true));
      storedFlood.push(await duringFlood(false));
      options.log(
        `lead p50 during a flood of declined beacons ${declinedFlood.at(-1)} ms, of stored ones ${storedFlood.at(-1)} ms`,
      );
    }
    const database = await createTestDatabase({ TEST_DATABASE_URL: serverUrl });
    try {
      options.log(`storing ${options.reportVisits} visits for pnpm report`);
      await fillVisits(database.url, options.reportVisits);
      const days7: number[] = [];
      const days365: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        days7.push(await timeReport(database.url, 7));
        days365.push(await timeReport(database.url, 365));
        options.log(`pnpm report: --days 7 ${days7.at(-1)} ms, --days 365 ${days365.at(-1)} ms`);
      }
      return {
        beacons: {
          total: options.beacons,
          concurrency: options.concurrency,
          perSecond: spread(rates),
          storedExactlyOnce,
        },
        leadLatency: { storedFlood: spread(storedFlood), declinedFlood: spread(declinedFlood) },
        report: {
          visits: options.reportVisits,
          leads: options.reportVisits / visitsPerLead,
          days7: spread(days7),
          days365: spread(days365),
        },
      };
    } finally {
      await database.drop();
    }
  } finally {
    await sql.end();
    await stack.dispose();
    await stackDatabase.drop();
  }
}

const range = ({ min, median, max }: Spread, unit: string) => `${min} / ${median} / ${max}${unit}`;

export function visitsRows(bench: VisitsBench): Row[] {
  const { beacons, leadLatency, report } = bench;
  const slowdown = leadLatency.storedFlood.median / leadLatency.declinedFlood.median;
  return [
    {
      measure: `beacon route, ${beacons.total} beacons ${beacons.concurrency} at a time: stored per second min / median / max (${beacons.perSecond.runs} rounds)`,
      value: range(beacons.perSecond, "/s"),
      target: "every beacon 204 and stored once",
      met: beacons.storedExactlyOnce,
    },
    {
      measure: `lead p50 while 20 clients flood the beacon route: stored ÷ declined beacons (ratio of medians, ${leadLatency.storedFlood.runs} alternating rounds)`,
      value: `${slowdown.toFixed(2)} (${leadLatency.storedFlood.median} / ${leadLatency.declinedFlood.median} ms)`,
      target: "≤ 1.15",
      met: slowdown <= 1.15 && leadLatency.storedFlood.runs >= minFloodRounds,
    },
    {
      measure: `pnpm report --days 7 over ${report.visits} visits and ${report.leads} leads with outcomes, start to exit: min / median / max`,
      value: range(report.days7, " ms"),
      target: "≤ 1000 ms",
      met: report.days7.median <= 1000,
    },
    {
      measure: `pnpm report --days 365 over ${report.visits} visits and ${report.leads} leads with outcomes, start to exit: min / median / max`,
      value: range(report.days365, " ms"),
      target: "≤ 1000 ms",
      met: report.days365.median <= 1000,
    },
  ];
}
