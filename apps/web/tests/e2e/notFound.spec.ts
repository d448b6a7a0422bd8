import { appChunk, expect, gotoInteractive, notFoundStatusLog, test } from "./fixtures.ts";

test.describe("an unknown path", () => {
  test("logs the attempted path as the page arrives, though the visitor does nothing", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(notFoundStatusLog);
    expectConsoleError(/non-existent route: \/a-path-nobody-has/);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("route"))
        logged.push(message.text());
    });
    let chunkRequests = 0;
    page.on("request", (request) => {
      if (appChunk.test(new URL(request.url()).pathname)) chunkRequests += 1;
    });
    await page.goto("/a-path-nobody-has");
    await expect
      .poll(() => logged)
      .toEqual(["404 Error: User attempted to access non-existent route: /a-path-nobody-has"]);
    expect(chunkRequests, "no app: the visitor did nothing").toBe(0);
  });

  test("answers 404 with the 404 page, and logs the attempted path", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/non-existent route: \/no-such-page/);
    expectConsoleError(notFoundStatusLog);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("non-existent route")) logged.push(message.text());
    });
    const response = await page.request.get("/no-such-page");
    expect(response.status()).toBe(404);
    await gotoInteractive(page, { path: "/no-such-page" });
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page).toHaveTitle(/not found/i);
    expect(logged, "logged once, not again when the app starts").toHaveLength(1);
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
