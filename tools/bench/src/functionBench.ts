import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { connect } from "@bluewater/postgres/client";
import { benchClientAddress, postLeadFrom } from "@bluewater/stack/post-lead";
import { startThrowawayStack, type ThrowawayStack } from "@bluewater/stack/throwaway";

export interface FunctionBenchResult {
  label: string;
  total: number;
  concurrency: number;
  ok: number;
  statuses: Record<string, number>;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Every 200's id is one stored lead with that request id, and no lead is stored twice. */
  storedExactlyOnce: boolean;
  /**
   * The machine's CPU time per submission over the round (all processes: the gateway, Deno,
   * PostgreSQL and the bench's senders), in ms; NaN where /proc/stat cannot be read. What bounds
   * leads/s on a host whose cores the stack fills, and steadier than leads/s when the host drifts.
   */
  cpuMsPerLead: number;
}

/** The machine's busy CPU time so far, in ms (Linux's /proc/stat); NaN elsewhere. */
async function busyCpuMs(): Promise<number> {
  try {
    const [total] = (await readFile("/proc/stat", "utf8")).split("\n");
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const ticks = (total ?? "").trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = ticks.reduce(
      (sum, value, index) => (index === 3 || index === 4 ? sum : sum + value),
      0,
    );
    // The kernel counts in USER_HZ, 100 a second on Linux.
    return busy * 10;
  } catch {
    return Number.NaN;
  }
}

/** The nearest-rank percentile of sorted values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Sends `total` valid submissions, `concurrency` at a time, to a running function, then checks in
 * its database that each 200 was stored exactly once. Each of the `concurrency` senders is a
 * visitor of its own, on its own loopback address (as many visitors reach a real proxy): one
 * client's leads take turns by design (clientTurns.ts), so from one address the bench would
 * measure those turns, not the function.
 */
export async function benchFunction(options: {
  label: string;
  functionsUrl: string;
  databaseUrl: string;
  total?: number;
  concurrency?: number;
}): Promise<FunctionBenchResult> {
  const total = options.total ?? 300;
  const concurrency = options.concurrency ?? 25;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const accepted = new Map<string, string>();
  let next = 0;
  const worker = async (client: number) => {
    const from = benchClientAddress(client);
    while (next < total) {
      const index = next++;
      const requestId = randomUUID();
      const startedAt = performance.now();
      const response = await postLeadFrom(
        options.functionsUrl,
        {
          name: `Bench Visitor ${index}`,
          phone: "(586) 555-0123",
          email: `bench${index}@example.com`,
          service: "interior",
          message: "Water in the basement after rain.",
          requestId,
          website: "",
          elapsedMs: 15_000,
        },
        from,
      );
      const body = JSON.parse(response.body) as { id?: string };
      latencies.push(performance.now() - startedAt);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 200 && body.id) accepted.set(requestId, body.id);
    }
  };
  const started = performance.now();
  const cpuBefore = await busyCpuMs();
  await Promise.all(Array.from({ length: concurrency }, (_, client) => worker(client)));
  const cpuMs = (await busyCpuMs()) - cpuBefore;
  const seconds = (performance.now() - started) / 1000;

  const sql = connect(options.databaseUrl);
  let storedExactlyOnce: boolean;
  try {
    const rows = await sql<{ id: string; request_id: string }[]>`
      select id, request_id from public.contact_requests where request_id = any(${[...accepted.keys()]}::uuid[])`;
    const [all] = await sql<
      { n: number }[]
    >`select count(*)::int as n from public.contact_requests`;
    storedExactlyOnce =
      rows.length === accepted.size &&
      all?.n === accepted.size &&
      rows.every((row) => accepted.get(row.request_id) === row.id);
  } finally {
    await sql.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    total,
    concurrency,
    ok: statuses[200] ?? 0,
    statuses,
    seconds: round(seconds),
    requestsPerSecond: round(total / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    storedExactlyOnce,
    cpuMsPerLead: Math.round((cpuMs / total) * 100) / 100,
  };
}

/**
 * A throwaway stack on `databaseUrl` for the benches: every lead texted (unless `ownerTexts` is
 * false: NOTIFY_SMS_TO unset) and acknowledged, so they measure the function and its channels,
 * not the rate limit (429s) or the budgets that keep a flood off the owner's phone and
 * strangers' inboxes.
 */
export function startUnlimitedStack(
  databaseUrl: string,
  ownerTexts = true,
): Promise<ThrowawayStack> {
  return startThrowawayStack({
    database: { url: databaseUrl },
    functionEnv: {
      ...(ownerTexts ? {} : { NOTIFY_SMS_TO: "" }),
      RATE_LIMIT_MAX: "1000000",
      NOTIFY_SMS_MAX_PER_HOUR: "1000000",
      ACKNOWLEDGMENT_MAX_PER_HOUR: "1000000",
      ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR: "1000000",
    },
  });
}

/**
 * Benches the function on a throw-away stack over `databaseUrl` (a database that exists), through
 * its local gateway, with the owner's texts on unless `ownerTexts` is false.
 */
export async function benchFunctionOn(
  label: string,
  databaseUrl: string,
  load: { total: number; concurrency: number },
  ownerTexts = true,
): Promise<FunctionBenchResult> {
  const stack = await startUnlimitedStack(databaseUrl, ownerTexts);
  try {
    return await benchFunction({
      label,
      functionsUrl: stack.functionsUrl,
      databaseUrl: stack.databaseUrl,
      ...load,
    });
  } finally {
    await stack.dispose();
  }
}
