import { gzipSync } from "node:zlib";
import type { Page, Response } from "playwright-core";
import { launchChromium, visitorActs } from "./browser.ts";

export interface ScriptBytes {
  /** Scripts fetched while the visitor only reads: the page loaded and quiet, nothing touched. */
  beforeActing: { gzipBytes: number; files: number };
  /** gzip -9 bytes of every script fetched by the time the page is interactive, and how many. */
  untilHydrated: { gzipBytes: number; files: number };
  /** The same once the page is quiet: with what it fetches ahead when idle (the chat panel). */
  beforeInteraction: { gzipBytes: number; files: number };
  afterOpeningChat: { gzipBytes: number; files: number };
  afterSendingForm: { gzipBytes: number; files: number; answered: number | null };
}

/**
 * Loads the page in Chromium and adds up the scripts it fetched at five moments: loaded and quiet
 * before the visitor does anything, hydrated after their first act, quiet again, after opening the
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
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
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
    const beforeActing = await total();
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
