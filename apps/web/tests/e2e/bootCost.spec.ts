import { mainThreadOf, startsWithin } from "@bluewater/stack/trace";
import { expect, test } from "./fixtures.ts";
import { traceLoad } from "./traceLoad.ts";

/**
 * What the page's only script costs while the page is still arriving. It runs once the HTML is
 * parsed, before the browser has laid the whole page out: anything it reads that needs the
 * layout (the scroll position, the window's width, an element's offset) would lay the page out
 * inside the script's own task, one long task on a slow phone. Read from a trace of the load.
 */

test("the boot script lays nothing out while it runs: the page's layout is left to the browser's frames", async ({
  page,
  baseURL,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const events = await traceLoad(cdp, async () => {
    await page.goto("/");
    // Two frames after load: the boot script has run and the page has been laid out.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  });
  const { pid, tid } = mainThreadOf(events, new URL("/", baseURL).href);
  const onPageThread = events.filter((e) => e.pid === pid && e.tid === tid);
  const modules = onPageThread.filter((e) => e.name === "v8.evaluateModule" && e.ph === "X");
  const layouts = onPageThread.filter((e) => e.name === "Layout" && e.ph === "X");
  expect(modules.length, "the boot script ran").toBeGreaterThan(0);
  expect(layouts.length, "the page was laid out").toBeGreaterThan(0);
  const inside = layouts.filter((layout) => modules.some((module) => startsWithin(layout, module)));
  expect(inside, "layouts forced by the boot script while it ran").toEqual([]);
});
