import { randomUUID } from "node:crypto";
import { businessHours } from "@bluewater/content/hours";
import { ownerReportFigures } from "@bluewater/supabase/owner-report";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { visitorActs } from "../e2e/fixtures.ts";
import { expect, routeToStack, type StackFixture, test } from "./stackFixture.ts";

test.describe.configure({ mode: "serial" });

/** Every visit of this test carries its own campaign tag, so other tests' rows are told apart. */
const campaign = `visits-${randomUUID().slice(0, 8)}`;

/**
 * The visitor switches to another app or tab, and the page is hidden: its beacon goes then.
 * Headless Chromium never hides a page, so the page is told it is hidden, as a phone tells it.
 * (A page left for another address sends from pagehide instead: tests/e2e/visitBeacon.spec.ts.)
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

/** Waits until this test's visits are stored: beacons are answered by no one the page waits on. */
async function storedVisits(sql: StackFixture["sql"], count: number): Promise<void> {
  await expect
    .poll(async () => {
      const [row] = await sql`
        select count(*)::int as n from public.site_visits where utm_campaign = ${campaign}`;
      return row?.n;
    })
    .toBe(count);
}

/** The app runs, and Google's web-vitals code (it comes once idle) measures. */
async function measuredByTheApp(page: Page): Promise<void> {
  await page.locator("html[data-hydrated][data-vitals]").waitFor({ state: "attached" });
  // The library reports what the page has buffered in its next tasks.
  await page.waitForTimeout(300);
}

/** A visitor of their own: a new browser (no cache, nothing shared), whose calls reach the stack. */
async function newVisitor(
  browser: Browser,
  backend: StackFixture,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: backend.siteUrl, ...options });
  const page = await context.newPage();
  await routeToStack(page, backend);
  return page;
}

test("real visits in Chromium become exactly the rows and the report the owner reads", async ({
  browser,
  backend,
}) => {
  const from = new Date();

  // 1. A visitor who only reads, and leaves after a second: the first script alone measures.
  const reader = await newVisitor(browser, backend);
  await reader.goto(`/?utm_campaign=${campaign}`);
  await reader.waitForTimeout(1000);
  await hide(reader);
  await storedVisits(backend.sql, 1);

  // 2. One who scrolls past the hero, then taps the phone number.
  const caller = await newVisitor(browser, backend);
  await caller.goto(`/?utm_campaign=${campaign}`);
  await visitorActs(caller);
  await measuredByTheApp(caller);
  await caller.locator("#services").scrollIntoViewIfNeeded();
  await caller
    .getByRole("banner")
    .getByRole("link", { name: /Call Blue Water/ })
    .click({
      noWaitAfter: true,
    });
  await hide(caller);
  await storedVisits(backend.sql, 2);

  // 3. One who comes from a Google ad and sends a request.
  const adVisitor = await newVisitor(browser, backend);
  await adVisitor.goto(
    `/?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=EAIaIQobChMI-x`,
  );
  await visitorActs(adVisitor);
  await measuredByTheApp(adVisitor);
  await adVisitor.getByLabel(/Full Name/).fill("Ada Adwords");
  await adVisitor.getByLabel(/Phone Number/).fill("(586) 555-0101");
  await adVisitor.getByLabel(/Email Address/).fill("ada@example.com");
  // A person takes longer than the function's minimum fill time.
  await adVisitor.waitForTimeout(2100);
  await adVisitor.getByRole("button", { name: "Request Free Inspection" }).click();
  await expect(
    adVisitor.getByRole("region", { name: /Notifications/ }).getByText("Inspection Requested!"),
  ).toBeVisible();
  await hide(adVisitor);
  await storedVisits(backend.sql, 3);

  // 4. One whose browser sends Global Privacy Control: nothing at all.
  const privateVisitor = await newVisitor(browser, backend, {
    extraHTTPHeaders: { "Sec-GPC": "1" },
  });
  await privateVisitor.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const sentByGpcVisitor: string[] = [];
  privateVisitor.on("request", (request) => {
    if (request.url().endsWith("/visit")) sentByGpcVisitor.push(request.url());
  });
  await privateVisitor.goto(`/?utm_campaign=${campaign}`);
  await visitorActs(privateVisitor);
  // The app runs, and measures nothing: no Core Web Vitals code is even fetched.
  await privateVisitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await hide(privateVisitor);
  await privateVisitor.waitForTimeout(500);
  expect(sentByGpcVisitor, "a GPC browser sends no beacon").toEqual([]);
  await expect(privateVisitor.locator("html[data-vitals]")).toHaveCount(0);

  const to = new Date(Date.now() + 1000);
  const rows = await backend.sql`
    select page, device, utm_source, utm_medium, has_gclid, acted, scrolled_past_hero,
      phone_tapped, chat_opened, form_focused, request_sent, lcp_ms is not null as has_lcp,
      act_to_interactive_ms is not null as has_act_timing
    from public.site_visits where utm_campaign = ${campaign} order by id`;
  expect(rows).toEqual([
    {
      page: "home",
      device: "desktop",
      utm_source: null,
      utm_medium: null,
      has_gclid: false,
      acted: false,
      scrolled_past_hero: false,
      phone_tapped: false,
      chat_opened: false,
      form_focused: false,
      request_sent: null,
      has_lcp: false,
      has_act_timing: false,
    },
    {
      page: "home",
      device: "desktop",
      utm_source: null,
      utm_medium: null,
      has_gclid: false,
      acted: true,
      scrolled_past_hero: true,
      phone_tapped: true,
      chat_opened: false,
      form_focused: false,
      request_sent: null,
      has_lcp: true,
      has_act_timing: true,
    },
    {
      page: "home",
      device: "desktop",
      utm_source: "google",
      utm_medium: "cpc",
      has_gclid: true,
      acted: true,
      scrolled_past_hero: true,
      phone_tapped: false,
      chat_opened: false,
      form_focused: true,
      request_sent: "app",
      has_lcp: true,
      has_act_timing: true,
    },
  ]);
  const [lead] = await backend.sql`
    select utm_source, utm_medium, utm_campaign, has_gclid, gclid from public.contact_requests
    where email = 'ada@example.com'`;
  // The lead keeps the ad click's real id (for the conversions import); its visit only the flag.
  expect(lead).toEqual({
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: campaign,
    has_gclid: true,
    gclid: "EAIaIQobChMI-x",
  });

  // The report over this test's minutes, with other tests' rows left aside.
  await backend.sql`
    delete from public.site_visits where utm_campaign is distinct from ${campaign}`;
  await backend.sql`
    delete from public.contact_requests where utm_campaign is distinct from ${campaign}`;
  const report = await ownerReportFigures(
    (text, params) => backend.sql.unsafe(text, params),
    { from, to },
    businessHours.timeZone,
  );
  const now = report.current;
  expect({
    visits: now.visits,
    acted: now.acted,
    formFocused: now.formFocused,
    sent: now.sent,
    leads: now.leads,
    called: now.called,
    phoneTapped: now.phoneTapped,
    chatOpened: now.chatOpened,
    sources: now.sources,
  }).toEqual({
    visits: 3,
    acted: 2,
    formFocused: 1,
    sent: 1,
    leads: 1,
    called: 0,
    phoneTapped: 1,
    chatOpened: 0,
    sources: [
      ["Direct", { visits: 2, leads: 0, called: 0 }],
      ["Google Ads", { visits: 1, leads: 1, called: 0 }],
    ],
  });
  expect(now.vitals.desktop.visits).toBe(3);
  expect(now.vitals.desktop.lcp).toBeGreaterThan(0);
});
