import { gzipSync } from "node:zlib";
import type { Page, Request, Response } from "playwright-core";
import { firstPaintAt, launchChromium, recordFirstPaint, visitorActs } from "./browser.ts";

/** How long a visitor who only reads must be sent no script, from the first paint. */
export const readingMs = 3000;

export interface ScriptBytes {
  /** Scripts fetched while the visitor only reads: the first `readingMs` after the first paint. */
  beforeActing: { gzipBytes: number; files: number };
  /** gzip -9 bytes of every script fetched by the time the page is interactive, and how many. */
  untilHydrated: { gzipBytes: number; files: number };
  /** The same once the page is quiet: with what it fetches ahead when idle (the chat panel). */
  beforeInteraction: { gzipBytes: number; files: number };
  afterOpeningChat: { gzipBytes: number; files: number };
  afterSendingForm: { gzipBytes: number; files: number; answered: number | null };
}

/**
 * Opens `siteUrl` and lets the visitor only read for `readMs` after the first paint: the scripts
 * requested by then (any /assets/ script, fetched by the boot script or imported; a chunk fetched
 * and then imported from the cache counted once), gzip -9 of each body.
 */
export async function scriptsWhileReading(
  page: Page,
  siteUrl: string,
  readMs: number,
): Promise<{ gzipBytes: number; files: number }> {
  const requested: Array<{ request: Request; at: number }> = [];
  const onRequest = (request: Request) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) {
      requested.push({ request, at: Date.now() });
    }
  };
  page.on("request", onRequest);
  await page.addInitScript(recordFirstPaint);
  await page.goto(siteUrl, { waitUntil: "commit" });
  const until = (await firstPaintAt(page)) + readMs;
  await new Promise((resolve) => setTimeout(resolve, until - Date.now()));
  page.off("request", onRequest);
  const sizes = new Map<string, number>();
  for (const { request } of requested.filter(({ at }) => at <= until)) {
    const body = await (await request.response())?.body();
    sizes.set(request.url(), body ? gzipSync(body, { level: 9 }).length : 0);
  }
  return {
    gzipBytes: [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0),
    files: sizes.size,
  };
}

/**
 * Loads the page in Chromium and adds up the scripts it fetched at five moments: in the first
 * seconds while the visitor only reads, hydrated after their first act, quiet again, after opening the
 * help chat, after sending the contact form. Sizes are the gzip of each
 * body (level 9), whatever encoding the server chose, so they compare across hosts.
 */
export async function measureScriptBytes(options: {
  siteUrl: string;
  /** Where the built site sends the form, and where this run's function really listens. */
  builtFunctionsOrigin: string;
  functionsOrigin: string;
}): Promise<ScriptBytes> {
  const browser = await launchChromium();
  try {
    const viewport = { width: 390, height: 844 };
    const reader = await browser.newPage({ viewport });
    const beforeActing = await scriptsWhileReading(reader, options.siteUrl, readingMs);
    await reader.close();
    // A visitor who acts at once, on a fresh page: the reader's page starts its app on its own.
    const page = await browser.newPage({ viewport });
    await page.route(`${options.builtFunctionsOrigin}/**`, (route) =>
      route.continue({
        url: route.request().url().replace(options.builtFunctionsOrigin, options.functionsOrigin),
      }),
    );
    const scripts = new Map<string, number>();
    const pending: Array<Promise<void>> = [];
    page.on("response", (response: Response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
          () => undefined,
        ),
      );
    });
    const total = async ({ quiet = true, only }: { quiet?: boolean; only?: Set<string> } = {}) => {
      if (quiet) await page.waitForLoadState("networkidle");
      await Promise.all(pending);
      const counted = [...scripts].filter(([url]) => !only || only.has(url));
      return {
        gzipBytes: counted.reduce((sum, [, size]) => sum + size, 0),
        files: counted.length,
      };
    };

    // The moment the page became interactive, noted in the page itself: what the browser fetches
    // ahead once it is idle (the chat panel) may start before this process sees the marker.
    // (Observed from the document: the init script runs before <html> exists.)
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.documentElement?.dataset.hydrated) return;
        observer.disconnect();
        performance.mark("bench:hydrated");
      });
      observer.observe(document, { subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(options.siteUrl);
    await visitorActs(page);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const requestedBeforeHydration = await page.evaluate(() => {
      const hydrated = performance.getEntriesByName("bench:hydrated")[0];
      if (!hydrated) throw new Error("the page never marked itself hydrated");
      const hydratedAt = hydrated.startTime;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime <= hydratedAt)
        .map((entry) => entry.name);
    });
    const untilHydrated = await total({ quiet: false, only: new Set(requestedBeforeHydration) });
    const beforeInteraction = await total();
    await page.getByRole("button", { name: "Open help chat" }).click();
    await page.getByRole("dialog", { name: "Blue Water Help" }).waitFor();
    const afterOpeningChat = await total();
    await page.keyboard.press("Escape");
    const answered = await sendForm(page);
    return {
      beforeActing,
      untilHydrated,
      beforeInteraction,
      afterOpeningChat,
      afterSendingForm: { ...(await total()), answered },
    };
  } finally {
    await browser.close();
  }
}

async function sendForm(page: Page): Promise<number | null> {
  await page.getByLabel(/Full Name/).fill("Bench Visitor");
  await page.getByLabel(/Phone Number/).fill("(586) 555-0123");
  await page.getByLabel(/Email Address/).fill("bench@example.com");
  // A person needs a few seconds; the function files faster submissions as bot traffic.
  await page.waitForTimeout(2500);
  const answer = page.waitForResponse((response) => response.url().includes("/functions/v1/"));
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  return (await answer).status();
}
