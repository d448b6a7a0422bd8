import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium: Playwright's own browser download cannot reach the internet here. */
const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `The browser tests need Chromium at ${chromiumPath}. Install it with ` +
      "`sudo apt-get install -y chromium` or point CHROME_PATH at a Chromium binary.",
  );
}

const port = Number(process.env.E2E_PORT ?? 8091);

export default defineConfig({
  fullyParallel: true,
  workers: 2,
  reporter: "list",
  // Guards against a hang, generous for a loaded two-core machine: the tests hold their moments
  // with promises and the fake clock, never with these.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    {
      // The built site on a static server, as a host would serve it.
      name: "site",
      testDir: "tests/e2e",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      // The form and its toasts against the embedded stack: real function, real database.
      name: "stack",
      testDir: "tests/stack",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "serve-site dist",
    env: { PORT: String(port), HOST: "localhost" },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
