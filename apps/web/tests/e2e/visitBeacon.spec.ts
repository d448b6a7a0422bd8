import type { Page, Request } from "@playwright/test";
import { appChunk, expect, notFoundStatusLog, test, visitorActs } from "./fixtures.ts";

/** The page's calls to its own backend, where the build points it (first-party, not a third). */
const backend = new URL(process.env.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321").origin;
const isBeacon = (request: Request) =>
  request.method() === "POST" &&
  request.url() === `${backend}/functions/v1/send-contact-email/visit`;

test.use({ allowedOrigins: [backend] });

/** Answers the backend as the function does (204 for a beacon), and keeps what was sent. */
async function recordBeacons(page: Page): Promise<Record<string, unknown>[]> {
  const beacons: Record<string, unknown>[] = [];
  await page.route(`${backend}/**`, async (route) => {
    const request = route.request();
    if (isBeacon(request)) beacons.push(JSON.parse(request.postData() ?? "null"));
    await route.fulfill({ status: 204 });
  });
  return beacons;
}

/**
 * The visitor switches to another app or tab. Headless Chromium never hides a page, so the page
 * is told it is hidden, as a phone tells it.
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

/**
 * Keeps what the page hands `navigator.sendBeacon` in this origin's storage, so that a beacon
 * sent as the page is left (which no route sees) can be read on the next page.
 */
function keepSentBeacons(): void {
  const send = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, body) => {
    const kept = JSON.parse(localStorage.getItem("sentBeacons") ?? "[]") as unknown[];
    localStorage.setItem("sentBeacons", JSON.stringify([...kept, { url: String(url), body }]));
    return send(url, body);
  };
}

test("a visitor who only reads costs no request until the page is hidden, then one beacon of where they came from", async ({
  page,
}) => {
  const beacons = await recordBeacons(page);
  // Pictures load lazily as they near the screen, sooner on a slow link (Chromium's own
  // distance): they are the page's content, not its measuring, so they are left out.
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "image") requests.push(request.url());
  });
  await page.goto(
    "/?utm_source=truck&utm_medium=qr&utm_campaign=%20spring%20sale%E2%80%8B&fbclid=IwAR-secret",
    { referer: "https://www.google.com/search?q=wet+basement" },
  );
  await page.waitForTimeout(1000);
  expect(
    requests,
    "nothing but the page (and its pictures) before the visitor leaves",
  ).toHaveLength(1);
  await hide(page);
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]).toEqual({
    page: "home",
    device: "desktop",
    utmSource: "truck",
    utmMedium: "qr",
    utmCampaign: "spring sale",
    fbclid: true,
    referrer: "www.google.com",
  });
  // Hidden again, or left: still the one beacon of this page view.
  await hide(page);
  await page.waitForTimeout(300);
  expect(beacons).toHaveLength(1);
  const cookies = await page.context().cookies();
  expect(cookies, "no cookie").toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test("what the visitor does reaches the beacon: acted, scrolled past the hero, opened the chat, focused the form", async ({
  page,
}) => {
  const beacons = await recordBeacons(page);
  await page.goto("/");
  await visitorActs(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Open help chat" }).click();
  await page.getByRole("button", { name: "Close chat" }).click();
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  await page.getByLabel(/Full Name/).focus();
  await hide(page);
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]).toMatchObject({
    page: "home",
    acted: true,
    chatOpened: true,
    formFocused: true,
    scrolledPastHero: true,
  });
  expect(beacons[0]?.actToInteractive).toEqual(expect.any(Number));
});

test("a page left for another address sends its beacon as it goes", async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(notFoundStatusLog);
  expectConsoleError(/404 Error: User attempted to access non-existent route/);
  await page.addInitScript(keepSentBeacons);
  await recordBeacons(page);
  await page.goto("/no-such-page?utm_source=newsletter");
  await page.goto("/");
  const sent = await page.evaluate(() => JSON.parse(localStorage.getItem("sentBeacons") ?? "[]"));
  expect(sent).toEqual([
    {
      url: `${backend}/functions/v1/send-contact-email/visit`,
      body: JSON.stringify({ page: "not-found", device: "desktop", utmSource: "newsletter" }),
    },
  ]);
});

for (const [privacy, header, property] of [
  ["Global Privacy Control", { "Sec-GPC": "1" }, "globalPrivacyControl"],
  ["Do Not Track", { DNT: "1" }, "doNotTrack"],
] as const) {
  test(`a browser with ${privacy} sends nothing, whatever the visitor does`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL ?? "", extraHTTPHeaders: header });
    const page = await context.newPage();
    await page.addInitScript(
      (name) =>
        Object.defineProperty(Navigator.prototype, name, {
          get: () => (name === "doNotTrack" ? "1" : true),
        }),
      property,
    );
    await page.addInitScript(keepSentBeacons);
    const beacons = await recordBeacons(page);
    await page.goto("/?utm_source=google&gclid=x");
    await visitorActs(page);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await hide(page);
    await page.goto("/");
    expect(beacons).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("sentBeacons"))).toBeNull();
    await context.close();
  });
}

test("the browser's own post carries the visit's source, and the beacon says the form sent it", async ({
  page,
  baseURL,
  expectConsoleError,
}) => {
  expectConsoleError(/Failed to load resource/);
  await page.addInitScript(keepSentBeacons);
  // The app never arrives: the browser posts the form itself.
  await page.route(appChunk, (route) => route.abort());
  let posted = "";
  await page.route(`${backend}/**`, async (route) => {
    const request = route.request();
    if (!isBeacon(request)) posted = request.postData() ?? "";
    await route.fulfill({ status: 303, headers: { location: `${baseURL}/#request-sent` } });
  });
  await page.goto("/?utm_source=google&utm_medium=cpc&gclid=abc", {
    referer: "https://www.bing.com/",
  });
  await page.getByLabel(/Full Name/).fill("Pat Rivers");
  await page.getByLabel(/Phone Number/).fill("(586) 555-0188");
  await page.getByLabel(/Email Address/).fill("pat@example.org");
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await page.waitForURL(/#request-sent$/);
  const fields = Object.fromEntries(new URLSearchParams(posted));
  expect(fields).toMatchObject({
    name: "Pat Rivers",
    utmSource: "google",
    utmMedium: "cpc",
    gclid: "true",
    // The click's real id goes with the request only: the beacon below has the flag alone.
    googleClickId: "abc",
    referrer: "www.bing.com",
  });
  const sent = await page.evaluate(() => JSON.parse(localStorage.getItem("sentBeacons") ?? "[]"));
  expect(sent.map((beacon: { body: string }) => JSON.parse(beacon.body))).toEqual([
    {
      page: "home",
      device: "desktop",
      utmSource: "google",
      utmMedium: "cpc",
      gclid: true,
      referrer: "www.bing.com",
      acted: true,
      sent: "native",
    },
  ]);
});
