import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, test } from "node:test";
import { connect, type Database } from "@bluewater/postgres/client";
import type { Browser, Page } from "playwright-core";
import { localPublishableKey } from "../src/env.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";
import { launchChromium } from "./support/chromium.ts";

/** The browser's own function, run in the page: the tools compile without the DOM's types. */
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };

/**
 * A page with the contact form as plain HTML, the way the site serves it before (or without)
 * its script: a real form posting to the function, the confirmation shown with :target.
 */
function sitePage(functionsUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blue Water test site</title>
<style>#request-sent{display:none}#request-sent:target{display:block}</style></head>
<body><p id="request-sent">Inspection requested.</p>
<form method="post" action="${functionsUrl}">
<label>Name <input name="name" required></label>
<label>Phone <input name="phone" type="tel" required></label>
<label>Email <input name="email" type="email" required></label>
<label>Service <select name="service"><option value="">Select</option><option value="interior">Interior</option></select></label>
<label>Message <textarea name="message"></textarea></label>
<div hidden><input name="website" tabindex="-1"></div>
<input type="hidden" name="apikey" value="${localPublishableKey}">
<button type="submit">Request Free Inspection</button>
</form></body></html>`;
}

let site: Server;
let siteOrigin: string;
let stack: ThrowawayStack;
let sql: Database;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  let functionsUrl = "";
  site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(sitePage(functionsUrl));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address();
  siteOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  stack = await startThrowawayStack({ env: { ALLOWED_ORIGINS: siteOrigin } });
  functionsUrl = stack.functionsUrl;
  sql = connect(stack.databaseUrl);
});

after(async () => {
  await browser?.close();
  await sql?.end();
  await stack?.dispose();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** A visitor with JavaScript off, who reports every console message (CSP refusals among them). */
async function visitor(): Promise<{ page: Page; console: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(`${siteOrigin}/`);
  return { page, console };
}

async function fill(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(fields)) {
    const control = page.locator(`[name="${name}"]`);
    if (name === "service") await control.selectOption(value);
    else await control.fill(value);
  }
}

const leadsWith = (message: string) =>
  sql<{ phone: string; is_spam: boolean }[]>`
    select phone, is_spam from public.contact_requests where message = ${message}`;

test("with JavaScript off, a filled form is stored and the visitor lands on the confirmation", async () => {
  const { page, console } = await visitor();
  const message = `Water by the stairs ${crypto.randomUUID()}`;
  await fill(page, {
    name: "Dana Homeowner",
    phone: "(586) 555-0123",
    email: "dana@example.com",
    service: "interior",
    message,
  });
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await page.waitForURL(`${siteOrigin}/#request-sent`);
  assert.equal(await page.locator("#request-sent").isVisible(), true);
  assert.deepEqual([...(await leadsWith(message))], [{ phone: "(586) 555-0123", is_spam: false }]);
  assert.deepEqual(console, []);
  await page.context().close();
});

test("a refused form comes back as a styled page with the fields kept, and sends once fixed", async () => {
  const { page, console } = await visitor();
  const message = `Crack in the wall <b>${crypto.randomUUID()}</b>`;
  await fill(page, {
    name: `Dana "<script>alert(1)</script>"`,
    phone: "call me",
    email: "dana@example.com",
    message,
  });
  const refused = page.waitForResponse((response) => response.url() === stack.functionsUrl);
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  assert.equal((await refused).status(), 400);
  await page.waitForURL(stack.functionsUrl);
  await page.getByRole("heading", { level: 1 }).waitFor();
  assert.equal(await page.locator("[name=name]").inputValue(), `Dana "<script>alert(1)</script>"`);
  assert.equal(await page.locator("[name=message]").inputValue(), message);
  assert.equal(await page.locator("[name=phone]").getAttribute("aria-invalid"), "true");
  assert.match(
    (await page.locator("#field-phone-error").textContent()) ?? "",
    /phone number we can call/,
  );
  assert.equal(await page.locator("a[href^='tel:']").first().isVisible(), true);
  // The inline style applied (its CSP hash matched): the button wears the site's amber.
  const background = await page
    .getByRole("button", { name: "Request Free Inspection" })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  assert.equal(background, "rgb(245, 158, 11)");

  await page.locator("[name=phone]").fill("(586) 555-0144");
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await page.waitForURL(`${siteOrigin}/#request-sent`);
  assert.deepEqual([...(await leadsWith(message))], [{ phone: "(586) 555-0144", is_spam: false }]);
  // Chromium reports the 400 of the page itself; anything else (a CSP refusal) is a fault.
  const reported = console.filter((line) => !line.includes("status of 400 (Bad Request)"));
  assert.deepEqual(reported, [], "no refusal by the page's policy, no error");
  await page.context().close();
});

/**
 * Waits until the page has landed on `url`, whichever of its navigations gets there. A
 * double-click submits twice and the second post aborts the first one's navigation: waitForURL
 * fails on that abort when it began watching the first, as a loaded machine lets it.
 */
async function landsOn(page: Page, url: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (page.url() !== url) {
    if (Date.now() > deadline)
      throw new Error(`still on ${page.url()} after ${seconds} s, not ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.waitForLoadState();
}

test("the same form sent twice at once, and double-clicked, is one lead", async () => {
  const message = `Sump pump failed ${crypto.randomUUID()}`;
  const fields = {
    name: "Pat Rivers",
    phone: "+1 586 555 0188",
    email: "pat@example.org",
    message,
  };
  const visitors = await Promise.all([visitor(), visitor()]);
  for (const { page } of visitors) await fill(page, fields);
  await Promise.all(
    visitors.map(async ({ page }) => {
      await page.getByRole("button", { name: "Request Free Inspection" }).dblclick();
      await landsOn(page, `${siteOrigin}/#request-sent`);
    }),
  );
  assert.equal((await leadsWith(message)).length, 1);
  for (const { page } of visitors) await page.context().close();
});
