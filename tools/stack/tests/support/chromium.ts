import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The machine's Chromium for the stack's browser tests, or an error that says how to get one. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath}: install chromium or set CHROME_PATH`);
  }
  return await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
}
