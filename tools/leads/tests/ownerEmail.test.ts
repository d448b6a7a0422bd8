import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { localDelivererSecret } from "@bluewater/stack/env";
import { startThrowawayStack, type ThrowawayStack } from "@bluewater/stack/throwaway";
import type { OwnerReport, PeriodFigures } from "@bluewater/supabase/owner-report";
import { hostileLeads, storeLead } from "@bluewater/supabase/stored-leads";
import { type Browser, chromium, type Page } from "playwright-core";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

let stack: ThrowawayStack;
let browser: Browser;
/** The part of an outbox line (the log provider's JSON) that the tests read. */
interface OutboxLine {
  message: { subject: string; text: string; html: string };
}

/**
 * A busy week's figures, as wide as the owner's sources and money make them: the longest source
 * labels the report writes, a visitor's longest tag, six-figure revenue, every column filled.
 */
function busyWeek(from: string, to: string): PeriodFigures {
  const labels = [
    "Google Ads",
    "Facebook / Instagram",
    "the truck's QR code",
    "Google (search)",
    "nextdoor / neighborhood-post",
    "Direct",
    // A campaign tag the site does not know is shown as given: up to 100 characters, no space.
    `spring_${"basement".repeat(11)}_retargeting`.slice(0, 100),
    // …and as a visitor wrote it: markup is shown as text, even cut where it may break.
    "<img_src=x_onerror=alert(1)><b>spring_retargeting",
  ];
  return {
    from: new Date(from),
    to: new Date(to),
    visits: 12_345,
    acted: 8_765,
    formFocused: 1_234,
    sent: 456,
    leads: 432,
    called: 398,
    phoneTapped: 1_111,
    chatOpened: 999,
    daily: Array.from({ length: 7 }, (_, day) => ({
      day: `2026-11-${16 + day}`,
      visits: 1_500 + day * 100,
      leads: 50 + day,
    })),
    sources: labels.map((label, n) => [
      label,
      { visits: 4_000 - n * 500, leads: 90 - n, called: 80 - n },
    ]),
    revenue: labels.map((label, n) => [
      label,
      {
        leads: 90 - n,
        called: 80 - n,
        inspected: 60 - n,
        won: 30 - n,
        revenueCents: 123_456_789 - n * 10_000_000,
        closeRate: (30 - n) / (90 - n),
        medianDaysToWon: 12.5 + n,
      },
    ]),
    reviews: { requested: 25, reminded: 10, optedOut: 2 },
    vitals: {
      mobile: { lcp: 1_800, inp: 120, cls: 0.01, visits: 9_000 },
      desktop: { lcp: 900, inp: 60, cls: 0, visits: 3_000 },
    },
    lcpElement: "h1#home-heading",
    inpTarget: "button.chat-launcher",
  };
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
    // The Monday report as the deliverer queues it (outbox/ownerReportQueue.ts): figures fixed in
    // its payload, due now.
    const report: OwnerReport = {
      timeZone: "America/Detroit",
      current: busyWeek("2026-11-16T05:00:00Z", "2026-11-23T05:00:00Z"),
      previous: busyWeek("2026-11-09T05:00:00Z", "2026-11-16T05:00:00Z"),
    };
    await sql`
      insert into public.contact_notifications
        (kind, recipient, payload, dedupe_key, created_at, next_attempt_at)
      values ('owner-report', '', ${JSON.stringify(report)}, '2026-11-23', now(), now())`;
  } finally {
    await sql.end();
  }
  const delivered = await fetch(`${stack.functionsUrl}/deliver`, {
    method: "POST",
    headers: { "x-deliverer-secret": localDelivererSecret },
  });
  assert.equal(delivered.status, 200);
  assert.equal(((await delivered.json()) as { delivered: number }).delivered, 3);
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

/**
 * An email the function sent, shown on a screen `width` px wide: fails when it is wider than the
 * screen, then hands the page to `look`.
 */
async function onScreen(html: string, width: number, look: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  try {
    await page.setContent(html);
    const scrollWidth = Number(await page.evaluate("document.documentElement.scrollWidth"));
    assert.ok(scrollWidth <= width, `the email is ${scrollWidth} px wide`);
    await look(page);
  } finally {
    await page.close();
  }
}

for (const width of [375, 1024]) {
  test(`a 2,000-character word wraps inside a ${width} px wide email`, async () => {
    const email = emails.find((message) => message.text.includes("Waaaa"));
    assert.ok(email, "the function sent the long word's email");
    await onScreen(email.html, width, async (page) => {
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
    });
  });

  test(`the Monday report of a busy week fits a ${width} px wide screen, every figure in view`, async () => {
    const email = emails.find((message) => message.text.includes("by source"));
    assert.ok(email, "the function sent the weekly report");
    await onScreen(email.html, width, async (page) => {
      const overflowing: string[] = [];
      for (const element of await page.locator("th, td, p, li").all()) {
        const box = await element.boundingBox();
        if (box && box.x + box.width > width) overflowing.push(String(await element.textContent()));
      }
      assert.deepEqual(overflowing, []);
      assert.equal(await page.locator("img, b").count(), 0, "a tag's markup stays text");
      assert.ok((await page.getByText("<img_src=x_").count()) > 0, "the tag is shown as written");
      // The money is all there: each source's revenue, as the text part writes it.
      for (const dollars of ["$1,234,567.89", "$734,567.89"]) {
        assert.ok((await page.getByText(dollars).count()) > 0, `${dollars} is in the report`);
      }
    });
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
