import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { localDefaults } from "@bluewater/stack/env";
import { postLead } from "@bluewater/stack/post-lead";
import { percentile, startUnlimitedStack } from "./functionBench.ts";
import { withEmbeddedServer } from "./stackBench.ts";

/** The three notifications of a lead, each its own provider call. */
const channels = ["owner email", "owner SMS", "acknowledgment"] as const;
type Channel = (typeof channels)[number];

/** The bench's target: every notification's provider called within 2 s of the 200. */
export const notificationTargetMs = 2000;

export interface ChannelLatency {
  channel: Channel;
  /** Provider calls found, of one per lead. */
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface NotificationLatency {
  leads: number;
  channels: ChannelLatency[];
}

/** A line of the log providers' outbox, as far as the bench reads it. */
interface OutboxLine {
  channel: "email" | "sms";
  sentAt: string;
  message: { to: string; text?: string; body?: string };
}

function channelOf(line: OutboxLine, leadId: string, visitor: string): Channel | undefined {
  if (line.channel === "sms") return line.message.body?.includes(leadId) ? "owner SMS" : undefined;
  if (line.message.to === visitor) return "acknowledgment";
  return line.message.text?.includes(leadId) ? "owner email" : undefined;
}

async function readOutbox(file: string): Promise<OutboxLine[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OutboxLine);
}

/**
 * The time from the function's 200 to each provider call (`pnpm bench`): `leads` leads sent one
 * after another to a throw-away local stack on an embedded PostgreSQL as `pnpm start` runs it,
 * whose log providers stamp each call (`sentAt`) in the function's process on the same clock;
 * each lead writes from an address of its own, so each gets its acknowledgment too. The 200's
 * time is taken when its headers arrive, so a call made before they reach the bench is below 0.
 */
export function measureNotificationLatency(options: {
  leads: number;
  log: (line: string) => void;
}): Promise<NotificationLatency> {
  return withEmbeddedServer(async (serverUrl) => {
    const database = await createTestDatabase({ TEST_DATABASE_URL: serverUrl });
    try {
      return await sendLeads(database.url, options);
    } finally {
      await database.drop();
    }
  });
}

async function sendLeads(
  databaseUrl: string,
  options: { leads: number; log: (line: string) => void },
): Promise<NotificationLatency> {
  const stack = await startUnlimitedStack(databaseUrl);
  try {
    const answered = new Map<string, { at: number; visitor: string }>();
    for (let index = 0; index < options.leads; index++) {
      const visitor = `bench-notify-${index}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const response = await postLead(stack.functionsUrl, {
        name: `Bench Visitor ${index}`,
        phone: "(586) 555-0123",
        email: visitor,
        service: "interior",
        message: "Water in the basement after rain.",
        elapsedMs: 15_000,
      });
      const at = Date.now();
      const { id } = (await response.json()) as { id?: string };
      if (response.status !== 200 || !id)
        throw new Error(`lead ${index} answered ${response.status}`);
      answered.set(id, { at, visitor });
    }
    const outbox = join(stack.dataDir, "outbox.jsonl");
    const expected = options.leads * channels.length;
    const deadline = Date.now() + 30_000;
    let lines = await readOutbox(outbox);
    while (lines.length < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lines = await readOutbox(outbox);
    }
    if (lines.length < expected) {
      options.log(`only ${lines.length} of ${expected} provider calls within 30 s`);
    }
    const delays = new Map<Channel, number[]>(channels.map((channel) => [channel, []]));
    for (const line of lines) {
      for (const [leadId, { at, visitor }] of answered) {
        const channel = channelOf(line, leadId, visitor);
        if (channel) delays.get(channel)?.push(Date.parse(line.sentAt) - at);
      }
    }
    return {
      leads: options.leads,
      channels: channels.map((channel) => {
        const sorted = (delays.get(channel) ?? []).sort((a, b) => a - b);
        return {
          channel,
          calls: sorted.length,
          p50Ms: percentile(sorted, 50),
          p95Ms: percentile(sorted, 95),
          maxMs: sorted.at(-1) ?? Number.NaN,
        };
      }),
    };
  } finally {
    await stack.dispose();
  }
}

/** One row per channel, beside its target. */
export function notificationRows(latency: NotificationLatency) {
  const numbers = localDefaults.NOTIFY_SMS_TO ? "" : " (NOTIFY_SMS_TO unset: no SMS)";
  return latency.channels.map(({ channel, calls, p50Ms, p95Ms, maxMs }) => ({
    measure: `function's 200 to the ${channel} provider call: p50 / p95 / max (${calls} of ${latency.leads} leads, one at a time, local stack)${channel === "owner SMS" ? numbers : ""}`,
    value: `${p50Ms} / ${p95Ms} / ${maxMs} ms`,
    target: `p95 ≤ ${notificationTargetMs} ms`,
    met: calls === latency.leads && p95Ms <= notificationTargetMs,
  }));
}
