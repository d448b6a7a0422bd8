import { expect, gotoInteractive, notFoundStatusLog, test } from "./fixtures.ts";

test.describe("an unknown path", () => {
  test("answers 404 with the 404 page, and logs the attempted path", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/non-existent route: \/no-such-page/);
    expectConsoleError(notFoundStatusLog);
    const response = await page.request.get("/no-such-page");
    expect(response.status()).toBe(404);
    await gotoInteractive(page, { path: "/no-such-page" });
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page).toHaveTitle(/not found/i);
  });

  test("'Return to Home' leads to the landing page", async ({ page, expectConsoleError }) => {
    expectConsoleError(/non-existent route: \/services\/old-page/);
    expectConsoleError(notFoundStatusLog);
    await gotoInteractive(page, { path: "/services/old-page" });
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dry basements");
  });

  test("/index.html is sent to /, the page's one address", async ({ request }) => {
    const response = await request.get("/index.html", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/");
  });

  for (const path of ["/llms", "/index", "/sitemap", "/assets/missing.js", "/%E0%A4%A"]) {
    test(`${path} is never answered 200 with a fallback page`, async ({ request }) => {
      const response = await request.get(path);
      expect([400, 404]).toContain(response.status());
    });
  }
});
