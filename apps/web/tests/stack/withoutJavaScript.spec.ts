import {
  business,
  contactRequestErrors,
  contactSentFragment,
  contactToasts,
} from "@bluewater/content";
import type { Page } from "@playwright/test";
import { appChunk, holdAppChunks, visitorActs } from "../e2e/fixtures.ts";
import { expect, type StackFixture, test } from "./stackFixture.ts";

/**
 * The contact form when the app does not run: JavaScript off, or its chunks blocked. The browser
 * posts the form to the real function, which stores the lead and sends the visitor back to the
 * page's confirmation, or answers a refusal with its own page in words. Also the taps a visitor
 * makes while the app is starting on a slow phone.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const visitor = {
  name: "Dana Homeowner",
  phone: "(586) 555-0175",
  service: "Foundation Repair",
  message: "A crack by the stairs lets water in\nwhen it rains hard.",
};

async function fillForm(page: Page, email: string, phoneNumber = visitor.phone) {
  await page.getByLabel(/Full Name/).fill(visitor.name);
  await page.getByLabel(/Phone Number/).fill(phoneNumber);
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel("Service Needed").selectOption({ label: visitor.service });
  await page.getByLabel("Describe Your Issue").fill(visitor.message);
}

async function expectConfirmation(page: Page) {
  await expect(page).toHaveURL(new RegExp(`/#${contactSentFragment}$`));
  const notice = page.locator(`#${contactSentFragment}`);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(contactToasts.success.title);
  await expect(notice).toContainText(contactToasts.success.description);
}

async function storedLeads(backend: StackFixture, email: string) {
  return backend.sql<{ name: string; phone: string; service: string; message: string }[]>`
    select name, phone, service, message from contact_requests where email = ${email}`;
}

async function expectOneLeadAndOneEmail(backend: StackFixture, email: string) {
  await expect.poll(async () => (await storedLeads(backend, email)).length).toBe(1);
  await expect
    .poll(async () =>
      (await backend.outbox()).filter((mail) => JSON.stringify(mail).includes(email)),
    )
    .toHaveLength(1);
}

test.describe("with JavaScript turned off", () => {
  test.use({ ...phone, javaScriptEnabled: false });

  test("a request is stored once, the owner is emailed and the visitor reads the confirmation", async ({
    page,
    backend,
  }) => {
    const email = "dana.nojs@example.com";
    await page.goto("/");
    await fillForm(page, email);
    await page.getByRole("button", { name: "Request Free Inspection" }).click();
    await expectConfirmation(page);
    expect(await storedLeads(backend, email)).toEqual([
      {
        name: visitor.name,
        phone: visitor.phone,
        service: "foundation",
        message: visitor.message,
      },
    ]);
    await expectOneLeadAndOneEmail(backend, email);
  });

  test("a refusal is shown in words, with every field kept to fix and send again", async ({
    page,
    backend,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 400/);
    const email = "dana.refused@example.com";
    await page.goto("/");
    await fillForm(page, email, "12");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Request Free Inspection" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText(contactRequestErrors.phoneInvalid)).toBeVisible();
    await expect(page.getByLabel(/Full Name/)).toHaveValue(visitor.name);
    await expect(page.getByLabel(/Email Address/)).toHaveValue(email);
    await expect(page.getByLabel("Describe Your Issue")).toHaveValue(visitor.message);
    await expect(page.getByLabel("Service Needed")).toHaveValue("foundation");
    expect(await storedLeads(backend, email)).toHaveLength(0);

    await page.getByLabel(/Phone Number/).fill(visitor.phone);
    await page.getByRole("button", { name: "Request Free Inspection" }).click();
    await expectConfirmation(page);
    await expectOneLeadAndOneEmail(backend, email);
  });

  test("a double tap and a post sent again store one lead", async ({ page, backend }) => {
    const email = "dana.twice@example.com";
    await page.goto("/");
    await fillForm(page, email);
    await page.getByRole("button", { name: "Request Free Inspection" }).dblclick();
    await expectConfirmation(page);
    await page.goBack();
    await fillForm(page, email);
    await page.getByRole("button", { name: "Request Free Inspection" }).click();
    await expectConfirmation(page);
    await expectOneLeadAndOneEmail(backend, email);
  });
});

// Lost code: either the whole app (the boot script gives up) or only the form's sending code
// (the app runs, and hands the post to the browser).
for (const lost of [
  { what: "the app's code", chunk: appChunk, appRuns: false, email: "dana.blocked@example.com" },
  {
    what: "the form's sending code",
    chunk: /\/assets\/sendingCode-.+\.js$/,
    appRuns: true,
    email: "dana.nosendingcode@example.com",
  },
]) {
  test.describe(`with ${lost.what} lost`, () => {
    test.use(phone);

    test("the browser posts the form itself and the lead is stored once", async ({
      page,
      backend,
      expectConsoleError,
    }) => {
      expectConsoleError(/Failed to load resource/);
      if (lost.appRuns) expectConsoleError(/dynamically imported module/i);
      // A visitor whose code was lost is online. Chromium says it is not where the machine has no
      // network interface but the loopback (CI runs the tests so, with the network cut).
      await page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "onLine", { get: () => true }),
      );
      await page.route(lost.chunk, (route) => route.abort());
      await page.goto("/");
      await visitorActs(page);
      if (lost.appRuns) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await fillForm(page, lost.email);
      await page.getByRole("button", { name: "Request Free Inspection" }).click();
      await expectConfirmation(page);
      await expectOneLeadAndOneEmail(backend, lost.email);
    });
  });
}

test("with the form's sending code lost and the browser offline, the page keeps every field and offers the phone number", async ({
  page,
  backend,
  expectConsoleError,
}) => {
  expectConsoleError(/Failed to load resource/);
  expectConsoleError(/dynamically imported module/i);
  await page.route(/\/assets\/sendingCode-.+\.js$/, (route) => route.abort());
  await page.goto("/");
  await visitorActs(page);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const email = "dana.offline@example.com";
  await fillForm(page, email);
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(contactToasts.failure.description);
  await expect(alert.getByRole("link", { name: contactToasts.failure.callLabel })).toHaveAttribute(
    "href",
    business.phone.href,
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(/Email Address/)).toHaveValue(email);
  await page.context().setOffline(false);
  const leads = await backend.sql`select id from contact_requests where email = ${email}`;
  expect(leads).toHaveLength(0);
});

test.describe("tapping 'Request Free Inspection' while the app starts on a slow phone", () => {
  test.use(phone);

  // Before the app's code arrives, just after, and while React hydrates: each moment ends with
  // one lead and a visitor who is told so.
  for (const delayMs of [0, 100, 300, 1000]) {
    test(`a tap ${delayMs} ms after the app's code is released sends exactly once`, async ({
      page,
      backend,
    }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      const chunks = await holdAppChunks(page);
      const email = `dana.tap${delayMs}@example.com`;
      await page.goto("/");
      await fillForm(page, email);
      // The function files a form sent within two seconds of the page's start as a bot's.
      await page.waitForTimeout(2000);
      chunks.release();
      await page.waitForTimeout(delayMs);
      await page
        .getByRole("button", { name: "Request Free Inspection" })
        .click({ noWaitAfter: true });
      await expect
        .poll(
          async () =>
            (await page.locator(`#${contactSentFragment}`).isVisible()) ||
            (await page
              .getByRole("region", { name: /Notifications/ })
              .getByText(contactToasts.success.description)
              .isVisible()),
          { timeout: 20_000 },
        )
        .toBe(true);
      await expectOneLeadAndOneEmail(backend, email);
    });
  }
});
