import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect, type Database } from "@bluewater/postgres/client";
import type { Browser, BrowserContext, Page, Request as PageRequest } from "playwright-core";
import { localDefaults } from "../src/env.ts";
import { siteDistDir } from "../src/paths.ts";
import { postLead } from "../testing/postLead.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";
import { launchChromium } from "./support/chromium.ts";
import { markCalledLink } from "./support/outbox.ts";

/**
 * The owner's page, as the owner meets it: the link in an alert, opened on a phone. The stack
 * serves the built site and the function behind a gateway that answers as `<ref>.supabase.co`
 * does (a GET's text/html becomes text/plain), so a page that needs a custom domain fails here.
 */
let stack: ThrowawayStack;
let sql: Database;
let browser: Browser;

/** Where the built page calls the function (the local stack's usual address). */
const builtFunctionsOrigin = new URL(localDefaults.VITE_SUPABASE_URL ?? "").origin;

before(async () => {
  browser = await launchChromium();
  stack = await startThrowawayStack({ site: { port: 0, distDir: siteDistDir } });
  sql = connect(stack.databaseUrl);
});

after(async () => {
  await browser?.close();
  await sql?.end();
  await stack?.dispose();
});

/** A phone, whose calls to the built function address reach this test's stack. */
async function phone(javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const target = new URL(stack.functionsUrl).origin;
  await context.route(`${builtFunctionsOrigin}/**`, (route) =>
    route.continue({ url: route.request().url().replace(builtFunctionsOrigin, target) }),
  );
  return context;
}

/** Runs `visit` on a new page of a phone, and closes the phone however it ends. */
async function onPhone(visit: (page: Page) => Promise<void>, javaScriptEnabled = true) {
  const context = await phone(javaScriptEnabled);
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

async function newLead(name: string): Promise<{ id: string; link: string }> {
  const response = await postLead(
    stack.functionsUrl,
    {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}.owner-page@example.com`,
      phone: "(586) 555-0123",
      service: "interior",
      message: `Water by the furnace ${crypto.randomUUID()}`,
      elapsedMs: 15_000,
    },
    stack.siteUrl,
  );
  assert.equal(response.status, 200);
  const { id } = (await response.json()) as { id: string };
  return { id, link: await markCalledLink(stack.dataDir, id) };
}

async function contactedAt(leadId: string): Promise<Date | null> {
  const [lead] = await sql<{ contacted_at: Date | null }[]>`
    select contacted_at from public.contact_requests where id = ${leadId}`;
  return lead?.contacted_at ?? null;
}

test("the alert's link opens the owner's page on the site: it shows the lead, opening it changes nothing, and its button marks the lead as called", async () => {
  const { id, link } = await newLead("Pat Rivers");
  assert.ok(link.startsWith(`${stack.siteUrl}/contacted/#${id}.`), link);
  const token = link.slice(link.indexOf("#") + 1 + id.length + 1);
  await onPhone(async (page) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(String(error)));
    const requests: PageRequest[] = [];
    page.on("request", (request) => requests.push(request));

    await page.goto(link);
    await page.getByRole("heading", { name: "Did you call this lead?" }).waitFor();
    assert.equal(await page.getByText("Pat Rivers").isVisible(), true);
    assert.equal(await page.locator("a[href='tel:5865550123']").isVisible(), true);
    assert.equal(await contactedAt(id), null, "opening the link changed nothing");

    await page.getByRole("button", { name: "Mark as called" }).tap();
    await page.getByRole("heading", { name: "Marked as called" }).waitFor();
    assert.ok((await contactedAt(id)) instanceof Date, "the lead is marked");

    await page.reload();
    await page.getByRole("heading", { name: "Already marked as called" }).waitFor();
    await page
      .getByRole("region", { name: "After the call" })
      .getByRole("button")
      .first()
      .waitFor();
    const again = page.getByRole("button", { name: "Mark as called" });
    assert.equal(await again.count(), 0, "no button to press again");
    assert.deepEqual(problems, [], "no refusal by either policy, no error");

    // The token went to the function in a header only: in no address and no Referer.
    for (const request of requests) {
      assert.ok(!request.url().includes(token), `no token in ${request.url()}`);
      assert.equal(await request.headerValue("referer"), null, `no Referer on ${request.url()}`);
    }
    const calls = requests.filter((request) => request.url().includes("/functions/v1/"));
    const asked = (route: string) =>
      calls
        .filter((request) => request.url().includes(route) && request.method() !== "OPTIONS")
        .map((request) => request.method());
    assert.deepEqual(asked("/contacted/"), ["GET", "POST", "GET"]);
    // Once called, the page reads the steps after the call, and marks none by itself.
    assert.deepEqual(asked("/outcome/"), ["GET", "GET"]);
    for (const call of calls.filter((request) => request.method() !== "OPTIONS")) {
      assert.equal(await call.headerValue("x-lead-token"), token);
    }
  });
});

test("the page is served as a page under both policies, kept out of search engines and sending no Referer", async () => {
  const response = await fetch(`${stack.siteUrl}/contacted/`);
  assert.equal(response.status, 200);
  assert.match(String(response.headers.get("content-type")), /^text\/html/);
  const policies = String(response.headers.get("content-security-policy")).split(
    /,\s*(?=default-src)/,
  );
  assert.equal(policies.length, 2, "the site's policy and the page's own");
  const own = policies[1] ?? "";
  assert.match(own, /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';/);
  assert.match(own, new RegExp(`connect-src ${builtFunctionsOrigin.replace(/\./g, "\\.")};`));
  assert.match(own, /form-action 'none'; frame-ancestors 'none'/);
  // Several values: the last one a browser knows is the one it applies.
  assert.match(String(response.headers.get("referrer-policy")), /no-referrer$/);
  assert.equal(response.headers.get("x-robots-tag"), "noindex, nofollow");
  const html = await response.text();
  assert.match(html, /<meta name="robots" content="noindex, nofollow" \/>/);
  assert.match(html, /<meta name="referrer" content="no-referrer" \/>/);
  const redirect = await fetch(`${stack.siteUrl}/contacted`, { redirect: "manual" });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get("location"), "/contacted/");
});

test("a link scanner that opens the link learns nothing and changes nothing", async () => {
  const { id, link } = await newLead("Scan Target");
  // What a mail scanner fetches: the address without its fragment, which no client ever sends.
  const page = await (await fetch(link)).text();
  assert.ok(!page.includes("Scan Target") && !page.includes(id), "the page holds no lead");
  // And the function, asked for the lead without the token, answers nothing of it.
  for (const method of ["GET", "HEAD", "POST"]) {
    const answer = await fetch(`${stack.functionsUrl}/contacted/${id}`, { method });
    assert.equal(answer.status, 400, method);
    if (method !== "HEAD") assert.ok(!(await answer.text()).includes("Scan Target"));
  }
  assert.equal(await contactedAt(id), null);
});

test("with JavaScript off, the page says it needs JavaScript, and nothing changes", async () => {
  const { id, link } = await newLead("Noscript Owner");
  await onPhone(async (page) => {
    await page.goto(link);
    await page.getByRole("heading", { name: "This page needs JavaScript" }).waitFor();
    assert.equal(await page.getByRole("button").count(), 0);
  }, false);
  assert.equal(await contactedAt(id), null);
});

test("a tampered or cut link is refused in words, and marks nothing", async () => {
  const { id, link } = await newLead("Tamper Target");
  const tampered = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
  await onPhone(async (page) => {
    await page.goto(tampered);
    await page.getByRole("heading", { name: "This link is not valid for this lead" }).waitFor();
    await page.goto(link.slice(0, -5));
    await page.reload();
    await page.getByRole("heading", { name: "This link is incomplete" }).waitFor();
    assert.equal(await page.getByRole("button").count(), 0);
  });
  assert.equal(await contactedAt(id), null);
});

test("without a connection the page says so, and a retry once it is back shows the lead", async () => {
  const { link } = await newLead("Offline Owner");
  await onPhone(async (page) => {
    await page.route(`${builtFunctionsOrigin}/**`, (route) => route.abort("internetdisconnected"));
    await page.goto(link);
    await page.getByRole("heading", { name: "No connection" }).waitFor();
    await page.unroute(`${builtFunctionsOrigin}/**`);
    await page.getByRole("button", { name: "Try again" }).tap();
    await page.getByRole("heading", { name: "Did you call this lead?" }).waitFor();
    assert.equal(await page.getByText("Offline Owner").isVisible(), true);
  });
});
