import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { connect, type Sql } from "@bluewater/postgres/client";
import { localPublishableKey } from "@bluewater/stack/env";
import { siteDistDir } from "@bluewater/stack/paths";
import { startThrowawayStack, type ThrowawayStack } from "@bluewater/stack/throwaway";
import type { Page } from "@playwright/test";
import { test as base, expect } from "../e2e/fixtures.ts";

export interface StackFixture {
  stack: ThrowawayStack;
  sql: Sql;
  siteUrl: string;
  /** The emails to the owner the log provider wrote, parsed (not its texts or acknowledgments). */
  outbox: () => Promise<Array<Record<string, unknown>>>;
}

const ownerAddress = "owner@example.com";

/** The business's Google review link, as the stack's function is set up with it. */
export const reviewUrl = "https://g.page/r/bluewater-stack/review";

/** The address the site was built to call; requests to it are sent to this test's stack. */
export const builtFunctionsOrigin = new URL(
  process.env.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321",
).origin;

/**
 * Sends the page's calls to the built backend address to this test's stack; with `until`, each
 * call waits for that promise first (a slow network the test controls).
 */
export async function routeToStack(
  page: Page,
  backend: StackFixture,
  until?: Promise<void>,
): Promise<void> {
  const target = new URL(backend.stack.functionsUrl).origin;
  await page.route(`${builtFunctionsOrigin}/**`, async (route) => {
    await until;
    await route.continue({ url: route.request().url().replace(builtFunctionsOrigin, target) });
  });
}

/**
 * One stack per worker: the real function in Deno behind the gateway on a database of its own
 * (PostgreSQL, see with-test-postgres), and the built site, all on free ports so a running
 * `pnpm start` is never disturbed.
 */
export const test = base.extend<{ redirectToStack: undefined }, { backend: StackFixture }>({
  backend: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const sitePort = 8100 + Math.floor(Math.random() * 800);
      const stack = await startThrowawayStack({
        env: {
          ALLOWED_ORIGINS: `http://localhost:${sitePort}`,
          PUBLIC_API_KEYS: process.env.VITE_SUPABASE_PUBLISHABLE_KEY || localPublishableKey,
          NOTIFY_PROVIDER: "log",
          NOTIFY_TO: ownerAddress,
        },
        site: { port: sitePort, distDir: siteDistDir },
        // The review link: a job marked done is asked for a review (afterTheCall.spec.ts).
        functionEnv: {
          RATE_LIMIT_MAX: "1000",
          // Every lead of a worker comes from one address: each is acknowledged, as a real one.
          ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR: "1000",
          GOOGLE_REVIEW_URL: reviewUrl,
        },
      });
      const sql = connect(stack.databaseUrl);
      const outbox = async () => {
        const text = await readFile(join(stack.dataDir, "outbox.jsonl"), "utf8").catch(() => "");
        return text
          .split("\n")
          .filter((line) => line.trim() !== "")
          .map((line) => JSON.parse(line) as { channel?: string; message?: { to?: string } })
          .filter((line) => line.channel === "email" && line.message?.to === ownerAddress);
      };
      await use({ stack, sql, siteUrl: stack.siteUrl ?? "", outbox });
      await sql.end();
      await stack.dispose();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  redirectToStack: [
    async ({ page, backend }, use) => {
      await routeToStack(page, backend);
      await use(undefined);
    },
    { auto: true },
  ],
  baseURL: async ({ backend }, use) => use(backend.siteUrl),
  // The function's own answer page posts straight back to the function.
  allowedOrigins: async ({ backend }, use) =>
    use([builtFunctionsOrigin, new URL(backend.stack.functionsUrl).origin]),
});

export { expect };
