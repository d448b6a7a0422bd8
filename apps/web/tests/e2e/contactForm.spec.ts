import { expect, gotoInteractive, test } from "./fixtures.ts";

test.describe("the contact form on the page", () => {
  test("'Learn More' preselects that service in the form", async ({ page }) => {
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Learn more about Crawl Space Repair" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Service Needed")).toHaveValue("crawlspace");
  });

  test("a service's 'Get Your Free Inspection Today' preselects it and takes the visitor to the form", async ({
    page,
  }) => {
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Learn more about Egress Window Installation" }).click();
    const dialog = page.getByRole("dialog", { name: "Egress Window Installation" });
    await dialog.getByRole("link", { name: "Get Your Free Inspection Today" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Service Needed")).toHaveValue("egress");
    await expect(page.getByLabel(/Full Name/)).toBeFocused();
    await expect(page.getByLabel(/Full Name/)).toBeInViewport({ ratio: 1 });
  });

  test("a visitor's own choice is not overwritten by a later 'Learn More'", async ({ page }) => {
    await gotoInteractive(page);
    await page.getByLabel("Service Needed").selectOption("drainage");
    await page.getByRole("button", { name: "Learn more about Foundation Crack Repair" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Service Needed")).toHaveValue("drainage");
  });

  test("the design consultation button preselects basement finishing and takes the visitor to the form", async ({
    page,
  }) => {
    await gotoInteractive(page);
    await page.getByRole("link", { name: "Get Your Free Design Consultation" }).click();
    await expect(page.getByLabel("Service Needed")).toHaveValue("basement-finishing");
    await expect(page.getByLabel(/Full Name/)).toBeFocused();
    await expect(page.getByLabel(/Full Name/)).toBeInViewport({ ratio: 1 });
  });

  test("the backend client loads when the visitor starts filling in the form, not before", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await gotoInteractive(page);
    await page.waitForLoadState("networkidle");
    const sendingCode = (path: string) => path.includes("/sendingCode-");
    expect(scripts.some(sendingCode)).toBe(false);
    await page.getByLabel(/Full Name/).focus();
    await expect.poll(() => scripts.some(sendingCode)).toBe(true);
  });
});
