import { randomUUID } from "node:crypto";
import { connect, type Database, raw } from "@bluewater/postgres/client";
import { createTestDatabase } from "@bluewater/postgres/test-databases";
import { postLead } from "@bluewater/stack/post-lead";
import { startThrowawayStack } from "@bluewater/stack/throwaway";
import type { Row } from "./report.ts";
import { withEmbeddedServer } from "./stackBench.ts";

/** The tables a lead, its copies and its rate limit write to. */
const tables = [
  "contact_requests",
  "contact_request_keys",
  "contact_rate_limit_hits",
  "contact_notifications",
] as const;

type RowCounts = Record<(typeof tables)[number], number>;

/**
 * One client re-sends the same lead with a fresh request id until its rate limit refuses it, then
 * `copies` times more: the rows per table once the limit is reached, and after the refused copies.
 */
export interface RefusedCopiesBench {
  copies: number;
  refused: number;
  atLimit: RowCounts;
  after: RowCounts;
}

async function rowCounts(sql: Database): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of tables) {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from ${raw(`public.${table}`)}`;
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** On an embedded PostgreSQL of its own, as the other stack benches run. */
export function benchRefusedCopies(options: {
  copies: number;
  concurrency: number;
  log: (line: string) => void;
}): Promise<RefusedCopiesBench> {
  return withEmbeddedServer(async (serverUrl) => {
    const stackDatabase = await createTestDatabase({ TEST_DATABASE_URL: serverUrl });
    const stack = await startThrowawayStack({ database: { url: stackDatabase.url } });
    const sql = connect(stack.databaseUrl);
    try {
      const lead = {
        name: "Bench Copier",
        phone: "(586) 555-0123",
        email: "bench-copier@example.com",
        service: "",
        message: randomUUID(),
        website: "",
        elapsedMs: 15_000,
      };
      const copy = async () => {
        const response = await postLead(stack.functionsUrl, { ...lead, requestId: randomUUID() });
        await response.arrayBuffer();
        return response.status;
      };
      // Until the limit answers: the lead, then copies that each keep their key. A build whose
      // copies never reach the limit still gets its 10,000 copies, and the row says missed.
      for (let sent = 0; sent < 100 && (await copy()) !== 429; sent += 1) {}
      const atLimit = await rowCounts(sql);
      options.log(`refused copies: at the limit ${JSON.stringify(atLimit)}`);
      let next = 0;
      let refused = 0;
      const worker = async () => {
        while (next < options.copies) {
          next += 1;
          if ((await copy()) === 429) refused += 1;
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      const after = await rowCounts(sql);
      options.log(`refused copies: after ${options.copies}, ${JSON.stringify(after)}`);
      return { copies: options.copies, refused, atLimit, after };
    } finally {
      await sql.end();
      await stack.dispose();
      await stackDatabase.drop();
    }
  });
}

export function refusedCopiesRows(bench: RefusedCopiesBench): Row[] {
  const flat = tables.every((table) => bench.after[table] === bench.atLimit[table]);
  return [
    {
      measure: `rows per table after ${bench.copies} copies past one client's rate limit, each with a fresh requestId (${tables.join(", ")})`,
      value: `${tables.map((table) => bench.atLimit[table]).join("/")} → ${tables.map((table) => bench.after[table]).join("/")}; ${bench.refused} answered 429`,
      target: "flat, every copy 429",
      met: flat && bench.refused === bench.copies,
    },
  ];
}
