import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { contactToasts, minimumFillMs } from "@bluewater/content";
import type { Page, Request } from "@playwright/test";
import { gotoInteractive } from "../e2e/fixtures.ts";
import { builtFunctionsOrigin, expect, routeToStack, test } from "./stackFixture.ts";

test.describe.configure({ mode: "serial" });

const visitor = {
  name: "Jane Homeowner",
  phone: "(586) 555-0199",
  service: "Crawl Space Repair",
  message: "Musty smell and standing water in the crawl space after the thaw.",
};

/**
 * Waits until the page has been open longer than the function's minimum fill time, as a person's
 * would have been: the app sends the page's age, and a faster submission is filed as a bot's. Real
 * time, not Playwright's clock: a fake clock that catches up after a starved second fires Radix's
 * two frames and its one-second timer in one go, and the toast's announcement is never rendered.
 */
async function waitPastFillTime(page: Page) {
  await page.waitForFunction((ms) => performance.now() > ms, minimumFillMs + 500);
}

/** A person spends more than the function's minimum fill time on the form. */
async function fillForm(page: Page, email: string) {
  await page.getByLabel(/Full Name/).fill(visitor.name);
  await page.getByLabel(/Phone Number/).fill(visitor.phone);
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel("Service Needed").selectOption({ label: visitor.service });
  await page.getByLabel("Describe Your Issue").fill(visitor.message);
  await waitPastFillTime(page);
}

async function expectFieldsKept(page: Page, email: string) {
  await expect(page.getByLabel(/Full Name/)).toHaveValue(visitor.name);
  await expect(page.getByLabel(/Phone Number/)).toHaveValue(visitor.phone);
  await expect(page.getByLabel(/Email Address/)).toHaveValue(email);
  await expect(page.getByLabel("Service Needed")).toHaveValue("crawlspace");
  await expect(page.getByLabel("Describe Your Issue")).toHaveValue(visitor.message);
}

/** A promise the test resolves itself: a network or a chunk held until the test lets it go. */
function heldBack(): { released: Promise<void>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

/**
 * Keeps, in the page, every text that appears in a live status element. Radix announces a toast
 * through one that it removes a second later, too briefly to be sure of seeing it on a loaded
 * machine, so the tests check the record rather than the element.
 */
function recordAnnouncements(): void {
  const heard: string[] = [];
  Object.assign(window, { heardAnnouncements: heard });
  new MutationObserver(() => {
    for (const status of document.querySelectorAll('[role="status"]')) {
      const text = status.textContent ?? "";
      if (text && !heard.includes(text)) heard.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Finds a toast in the notifications region and checks that it was also announced: Radix puts
 * the toast's text in a separate live status element, which screen readers read out.
 */
async function expectToast(page: Page, copy: { title: string; description: string }) {
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: copy.description });
  await expect(toast).toContainText(copy.title);
  const heard = () =>
    page.evaluate(() => (window as unknown as { heardAnnouncements: string[] }).heardAnnouncements);
  await expect.poll(heard).toContainEqual(expect.stringContaining(copy.description));
  return toast;
}

const isFunctionCall = (request: Request) =>
  request.method() === "POST" && request.url().includes("/functions/v1/send-contact-email");

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordAnnouncements);
  await gotoInteractive(page);
});

test("a request ends as one lead in the database and one email in the outbox", async ({
  page,
  backend,
}) => {
  const email = "jane.success@example.com";
  await fillForm(page, email);
  // A slow network, held until the second tap, so the sending state can be seen.
  const { released, release } = heldBack();
  await page.unrouteAll();
  await routeToStack(page, backend, released);
  const submit = page.getByRole("button", { name: "Request Free Inspection" });
  const calls: Request[] = [];
  page.on("request", (request) => isFunctionCall(request) && calls.push(request));
  await submit.click();
  const sending = page.getByRole("button", { name: "Sending your request…" });
  await expect(sending).toHaveAttribute("aria-disabled", "true");
  await sending.click({ force: true });
  release();
  await expectToast(page, contactToasts.success);
  for (const label of [/Full Name/, /Phone Number/, /Email Address/, "Describe Your Issue"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  await expect(page.getByLabel("Service Needed")).toHaveValue("");
  expect(calls, "a double click sends once").toHaveLength(1);

  const leads = await backend.sql`
    select id, name, phone, service, message, is_spam from contact_requests where email = ${email}`;
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    name: visitor.name,
    phone: visitor.phone,
    service: "crawlspace",
    message: visitor.message,
    is_spam: false,
  });
  await expect
    .poll(async () =>
      (await backend.outbox()).filter((mail) => JSON.stringify(mail).includes(email)),
    )
    .toHaveLength(1);
});

test("what a visitor types before the page is interactive is kept and sent", async ({
  page,
  backend,
}) => {
  // A slow phone: React arrives only once the visitor has typed into the server's HTML.
  const { released, release } = heldBack();
  await page.route("**/assets/react-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  const email = "jane.early@example.com";
  await page.getByLabel(/Full Name/).fill(visitor.name);
  await page.getByLabel(/Phone Number/).fill(visitor.phone);
  await page.getByLabel(/Email Address/).fill(email);
  const submit = page.getByRole("button", { name: "Request Free Inspection" });
  await expect(submit, "the form can be posted natively before the app runs").toBeEnabled();
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await waitPastFillTime(page);
  await submit.click();
  await expectToast(page, contactToasts.success);
  const leads = await backend.sql`select name, phone from contact_requests where email = ${email}`;
  expect(leads).toEqual([{ name: visitor.name, phone: visitor.phone }]);
});

test("while the sending code is still loading, the button says so and a second tap sends nothing", async ({
  page,
  backend,
}) => {
  // The sending code is held back until both taps have happened.
  const { released, release } = heldBack();
  await page.route("**/assets/sendingCode-*.js", async (route) => {
    await released;
    await route.continue();
  });
  const email = "jane.hasty@example.com";
  const calls: Request[] = [];
  page.on("request", (request) => isFunctionCall(request) && calls.push(request));
  await fillForm(page, email);
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  const sending = page.getByRole("button", { name: "Sending your request…" });
  await expect(sending).toHaveAttribute("aria-disabled", "true");
  await sending.click({ force: true });
  release();
  await expectToast(page, contactToasts.success);
  expect(calls).toHaveLength(1);
  const leads = await backend.sql`select id from contact_requests where email = ${email}`;
  expect(leads).toHaveLength(1);
});

test("required fields block sending: nothing reaches the function", async ({ page }) => {
  const calls: Request[] = [];
  page.on("request", (request) => isFunctionCall(request) && calls.push(request));
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await expect(page.getByText("Please enter your full name.")).toBeVisible();
  await page.waitForTimeout(2000);
  expect(calls).toHaveLength(0);
});

test("with toasts showing, the page has no accessibility violations", async ({ page }) => {
  await fillForm(page, "jane.axe@example.com");
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await expectToast(page, contactToasts.success);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test("a function answering 500 shows the error toast, keeps every field, and a retry reuses the request id", async ({
  page,
  backend,
  expectConsoleError,
}) => {
  expectConsoleError(/Contact request failed/);
  expectConsoleError(/status of 500/);
  const email = "jane.retry@example.com";
  const ids: string[] = [];
  page.on("request", (request) => {
    if (isFunctionCall(request)) ids.push(String(request.postDataJSON().requestId));
  });
  await backend.sql`alter table contact_requests rename to contact_requests_away`;
  try {
    await fillForm(page, email);
    const submit = page.getByRole("button", { name: "Request Free Inspection" });
    await submit.focus();
    await submit.press("Enter");
    const toast = await expectToast(page, contactToasts.failure);
    await expect(
      toast.getByRole("link", { name: contactToasts.failure.callLabel }),
    ).toHaveAttribute("href", "tel:+18105550142");
    await expect(submit, "the toast does not take focus").toBeFocused();
    await expectFieldsKept(page, email);
    // The toast goes (here dismissed; by itself after a few seconds): the form still says so.
    await toast.getByRole("button", { name: contactToasts.dismissLabel }).click();
    await expect(toast).toBeHidden();
    const notSent = page.locator("#contact form").getByRole("alert");
    await expect(notSent).toContainText(contactToasts.failure.description);
    await expect(
      notSent.getByRole("link", { name: contactToasts.failure.callLabel }),
    ).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => v.id),
      "the error toast passes axe too",
    ).toEqual([]);
  } finally {
    await backend.sql`alter table contact_requests_away rename to contact_requests`;
  }
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await expectToast(page, contactToasts.success);
  await expect(page.locator("#contact form").getByRole("alert")).toHaveCount(0);
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
  const leads = await backend.sql`select id from contact_requests where email = ${email}`;
  expect(leads).toHaveLength(1);
});

test("a refusal only the function makes is shown next to its field, in its words, with every value kept", async ({
  page,
  backend,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 400/);
  // The form accepts what the visitor typed; on its way the email loses its dot (as when the
  // function's rules are stricter than a page loaded before they changed), so the function alone
  // refuses it and names the field.
  const email = "jane.refused@example.com";
  const target = new URL(backend.stack.functionsUrl).origin;
  await page.route(`${builtFunctionsOrigin}/**`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown> | null;
    const postData = body ? JSON.stringify({ ...body, email: "jane.refused@example" }) : undefined;
    await route.continue({
      url: route.request().url().replace(builtFunctionsOrigin, target),
      ...(postData ? { postData } : {}),
    });
  });
  const refusal = page.waitForResponse(
    (response) => isFunctionCall(response.request()) && response.status() === 400,
  );
  await fillForm(page, email);
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  const answer = (await (await refusal).json()) as { fields?: Record<string, string> };
  const field = page.getByLabel(/Email Address/);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText(
    String(answer.fields?.email),
  );
  await expect(field).toBeFocused();
  await expectFieldsKept(page, email);
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByRole("listitem"),
  ).toHaveCount(0);
  const leads = await backend.sql`select id from contact_requests where email like 'jane.refused%'`;
  expect(leads).toHaveLength(0);
});

test("the function stopped: the error toast, every field kept, the error logged", async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/Contact request failed/);
  expectConsoleError(/ERR_CONNECTION_REFUSED|Failed to load resource/);
  // Nothing listens at the function's address any more, as when the backend is down.
  const closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  await page.unrouteAll();
  await page.route(`${builtFunctionsOrigin}/**`, (route) =>
    route.continue({
      url: route.request().url().replace(builtFunctionsOrigin, `http://127.0.0.1:${closedPort}`),
    }),
  );
  const email = "jane.offline@example.com";
  await fillForm(page, email);
  await page.getByRole("button", { name: "Request Free Inspection" }).click();
  await expectToast(page, contactToasts.failure);
  await expectFieldsKept(page, email);
});
