import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { localDelivererSecret } from "@bluewater/stack/env";
import { startThrowawayStack, type ThrowawayStack } from "@bluewater/stack/throwaway";
import { hostileLeads, storeLead } from "@bluewater/supabase/stored-leads";
import { type Browser, chromium } from "playwright-core";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

let stack: ThrowawayStack;
let browser: Browser;
/** The part of an outbox line (the log provider's JSON) that the tests read. */
interface OutboxLine {
  message: { text: string; html: string };
}

let emails: OutboxLine["message"][];

before(async () => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  stack = await startThrowawayStack();
  const sql = connect(stack.databaseUrl);
  try {
    await storeLead(sql, hostileLeads.longWord);
    await storeLead(sql, hostileLeads.forgedLines);
  } finally {
    await sql.end();
  }
  const delivered = await fetch(`${stack.functionsUrl}/deliver`, {
    method: "POST",
    headers: { "x-deliverer-secret": localDelivererSecret },
  });
  assert.equal(delivered.status, 200);
  assert.equal(((await delivered.json()) as { delivered: number }).delivered, 2);
  const outbox = await readFile(join(stack.dataDir, "outbox.jsonl"), "utf8");
  emails = outbox
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as OutboxLine).message);
  browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
});

after(async () => {
  await browser?.close();
  await stack?.dispose();
});

for (const width of [375, 1024]) {
  test(`a 2,000-character word wraps inside a ${width} px wide email`, async () => {
    const email = emails.find((message) => message.text.includes("Waaaa"));
    assert.ok(email, "the function sent the long word's email");
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.setContent(email.html);
      const scrollWidth = Number(await page.evaluate("document.documentElement.scrollWidth"));
      assert.ok(scrollWidth <= width, `page ${scrollWidth} px wide`);
      const boxes = await Promise.all(
        (await page.locator("td").all()).map((cell) => cell.boundingBox()),
      );
      for (const box of boxes) {
        assert.ok(
          box && box.x + box.width <= width,
          `a cell ends at ${box && box.x + box.width} px`,
        );
      }
      const message = boxes.at(-1);
      assert.ok(message && message.height > 5 * 16, "the word wraps onto many lines");
    } finally {
      await page.close();
    }
  });
}

test("the function's email shows a forged name as one field, with no markup of the visitor's", async () => {
  const email = emails.find((message) => message.text.includes("Line one"));
  assert.ok(email);
  const page = await browser.newPage();
  try {
    await page.setContent(email.html);
    const rows = await Promise.all(
      (await page.locator("tr").all()).map(async (row) => [
        await row.locator("th").textContent(),
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps <br> as line breaks
        await row.locator("td").innerText(),
      ]),
    );
    assert.deepEqual(rows.slice(0, 3), [
      [
        "Name",
        "Eve<U+000D><U+000A>Phone: 555-0000<U+2028>Email: attacker@example.com<U+2029><U+202E>gnp.exe =?UTF-8?B?SGk=?=",
      ],
      ["Phone", "(586) 555-0123<U+000A>Email: fake@example.com"],
      ["Email", "eve@example.com<U+000D><U+000A>Bcc: victim@example.com"],
    ]);
    assert.equal(
      rows.at(-1)?.[1],
      'Line one\nPhone: 000 fake\n<script>alert(1)</script> & "quotes"\nReceived: never\n\nindented',
    );
    assert.equal(await page.locator("script").count(), 0);
  } finally {
    await page.close();
  }
});
