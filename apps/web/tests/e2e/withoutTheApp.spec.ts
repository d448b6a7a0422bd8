import type { Page } from "@playwright/test";
import {
  appChunk,
  expect,
  expectSectionInView,
  holdAppChunks,
  hydrated,
  photoInView,
  test,
  visitorActs,
} from "./fixtures.ts";

/**
 * The page before, without and despite its app: everything a visitor needs is native HTML, and
 * the app only makes it nicer. The form's own journey without the app, which needs the
 * function, is in tests/stack/withoutJavaScript.spec.ts.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function expectNavigationWorks(page: Page) {
  const toggle = page.getByRole("button", { name: "Menu" });
  const menu = page.getByRole("navigation", { name: "Main" });
  await toggle.click();
  await expect(menu).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole("link", { name: "About", exact: true }).click();
  await expectSectionInView(page, "about");
}

/**
 * Without the app the launcher opens the chat's first view: it offers the phone, and its quick
 * questions answer by themselves, the way to the form beneath (chatFirstView.spec.ts).
 */
async function expectLauncherOffersThePhone(page: Page) {
  await page.getByRole("button", { name: "Open help chat" }).click();
  const firstView = page.locator("#help-chat-first-view");
  await expect(firstView).toBeVisible();
  await expect(firstView.getByRole("link", { name: "(810) 555-0142" })).toHaveAttribute(
    "href",
    /^tel:/,
  );
  await firstView.getByText("How much does it cost?").click();
  await firstView.getByRole("link", { name: "Request a free inspection" }).click();
  await expect(firstView, "closed, not left over the form").toBeHidden();
  await expectSectionInView(page, "contact");
  const name = page.getByLabel(/Full Name/);
  await name.tap({ timeout: 5_000 });
  await expect(name, "the form is in reach").toBeFocused();
}

async function expectLinksLeadSomewhere(page: Page) {
  await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).click();
  const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
  await expect(details).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();
  await page.getByRole("button", { name: "View Finishing Gallery" }).click();
  const gallery = page.getByRole("dialog", { name: "Finished basement ideas" });
  await expect.poll(() => photoInView(gallery)).toBe("Photo 1 of 3");
  await gallery.getByRole("listitem").first().getByRole("link", { name: "Next photo" }).click();
  await expect.poll(() => photoInView(gallery)).toBe("Photo 2 of 3");
  await page.keyboard.press("Escape");
  await expect(gallery).toBeHidden();
}

test.describe("with JavaScript turned off", () => {
  test.use({ ...phone, javaScriptEnabled: false });

  test("the menu opens and closes, and a choice goes to its section", async ({ page }) => {
    await page.goto("/");
    await expectNavigationWorks(page);
  });

  test("'Learn More' opens its details and 'View Finishing Gallery' pages through the photos", async ({
    page,
  }) => {
    await page.goto("/");
    await expectLinksLeadSomewhere(page);
  });

  test("a service's request button closes its details and shows the form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).tap();
    const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await details.getByRole("link", { name: "Get Your Free Inspection Today" }).tap();
    await expect(details).toBeHidden();
    await expectSectionInView(page, "contact");
    const name = page.getByLabel(/Full Name/);
    await name.tap({ timeout: 5_000 });
    await expect(name, "the form is in reach, not under the dialog").toBeFocused();
  });

  test("the chat launcher offers the phone number and the form", async ({ page }) => {
    await page.goto("/");
    await expectLauncherOffersThePhone(page);
  });

  test("the form can be sent: its button is enabled and the browser checks the fields", async ({
    page,
  }) => {
    await page.goto("/");
    const submit = page.getByRole("button", { name: "Request Free Inspection" });
    await expect(submit).toBeEnabled();
    await submit.click();
    // The browser's own check stops an empty form: nothing was posted, the page stays.
    await expect(page).toHaveURL(/\/$/);
    expect(
      await page
        .getByLabel(/Full Name/)
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
  });
});

/** Opens the page with every request for the app's code failing, as the console then says. */
async function openWithNoAppCode(page: Page, expectConsoleError: (pattern: RegExp) => void) {
  expectConsoleError(/Failed to load resource|could not be loaded/);
  await page.route(appChunk, (route) => route.abort());
  await page.goto("/");
}

test.describe("when the app's code cannot be loaded", () => {
  test.use(phone);

  test("the boot script asks once more, then leaves the working page alone", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/Failed to load resource/);
    const attempts = new Map<string, number>();
    await page.route(/\/assets\/libraries-.+\.js$/, (route) => {
      const url = route.request().url();
      attempts.set(url, (attempts.get(url) ?? 0) + 1);
      return route.abort();
    });
    const messages: string[] = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.goto("/");
    await visitorActs(page);
    await expect.poll(() => [...attempts.values()]).toEqual([2]);
    await expect.poll(() => messages.some((text) => text.startsWith("warning:"))).toBe(true);
    await page.waitForTimeout(1500);
    expect(await page.locator("html[data-hydrated]").count(), "the app never starts").toBe(0);
    expect(
      messages.filter((text) => text.startsWith("error:")),
      "no error storm",
    ).toHaveLength(2);
    await expectNavigationWorks(page);
    await expectLinksLeadSomewhere(page);
    await expectLauncherOffersThePhone(page);
  });

  test("a section chosen from the menu closes it, so the section is not under the menu", async ({
    page,
    expectConsoleError,
  }) => {
    await openWithNoAppCode(page, expectConsoleError);
    await page.getByRole("button", { name: "Menu" }).tap();
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.getByRole("link", { name: "Services", exact: true }).tap();
    await expect(menu).toBeHidden();
    await expectSectionInView(page, "services");
  });

  test("a chunk lost in a short outage arrives on the retry and the app starts", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/Failed to load resource/);
    // The connection drops every request for the page's chunk for half a second after the first.
    let outageEndsAt = 0;
    let refused = 0;
    await page.route(appChunk, (route) => {
      if (!/\/page-/.test(route.request().url())) return route.continue();
      outageEndsAt ||= Date.now() + 500;
      if (Date.now() >= outageEndsAt) return route.continue();
      refused += 1;
      return route.abort();
    });
    await page.goto("/");
    await visitorActs(page);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(refused).toBeGreaterThan(0);
  });

  test("with none of the app's code, 'Learn More' opens its details and their request button leads to the form", async ({
    page,
    expectConsoleError,
  }) => {
    await openWithNoAppCode(page, expectConsoleError);
    await visitorActs(page);
    await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).tap();
    const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await expect(details).toBeVisible();
    await details.getByRole("link", { name: "Get Your Free Inspection Today" }).tap();
    await expect(details).toBeHidden();
    await expectSectionInView(page, "contact");
    await expect(page.getByLabel("Service Needed"), "the service is chosen").toHaveValue(
      "foundation",
    );
  });

  test("a service chosen before the app arrives is still chosen once it has started", async ({
    page,
  }) => {
    const chunks = await holdAppChunks(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).tap();
    const details = page.getByRole("dialog", { name: "Foundation Crack Repair" });
    await details.getByRole("link", { name: "Get Your Free Inspection Today" }).tap();
    await page.getByLabel(/Full Name/).fill("Dana Homeowner");
    chunks.release();
    await hydrated(page);
    await expect(page.getByLabel("Service Needed")).toHaveValue("foundation");
    await expect(page.getByLabel(/Full Name/)).toHaveValue("Dana Homeowner");
  });
});
