import { mainThreadOf, startsWithin, type TraceEvent, topLevelTasks } from "@bluewater/stack/trace";
import type { Browser, Page } from "@playwright/test";
import { expect, expectSectionInView, sectionOrder, test } from "./fixtures.ts";
import { traceLoad } from "./traceLoad.ts";

// The first frame lays out the bar and the hero alone; the boot script lays out the rest right
// after the first paint, in a task of its own (src/start/layOutBelowTheHero.ts). Whatever happens
// in between, the visitor must land on the page as it is laid out whole.

const desktop = { viewport: { width: 1280, height: 800 } };

/** Where each section starts, in CSS px from the top of the page. */
function sectionTops(page: Page): Promise<number[]> {
  return page.evaluate(
    (ids) =>
      ids.map((id) =>
        Math.round(
          (document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN) + scrollY,
        ),
      ),
    [...sectionOrder],
  );
}

/** The sections' places as a browser without scripts lays the page out, as served. */
async function topsWithoutScripts(
  browser: Browser,
  baseURL: string | undefined,
): Promise<number[]> {
  const context = await browser.newContext({
    ...desktop,
    ...(baseURL ? { baseURL } : {}),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/");
  const tops = await sectionTops(page);
  await context.close();
  return tops;
}

test.use(desktop);

test("right after the first paint the page is laid out whole, where a browser without scripts puts it", async ({
  page,
  browser,
  baseURL,
}) => {
  const expected = await topsWithoutScripts(browser, baseURL);
  await page.goto("/");
  await page.locator("html[data-laid-out]").waitFor({ state: "attached" });
  expect(await sectionTops(page)).toEqual(expected);
  expect(await page.evaluate(() => scrollY), "nothing moved the reader").toBe(0);
});

test("after the first paint the rest of the page is laid out in a task of its own, and painted in another", async ({
  page,
  baseURL,
}) => {
  const cdp = await page.context().newCDPSession(page);
  // A slow phone: its first paint comes before the page's script has run.
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = await traceLoad(cdp, async () => {
    await page.goto("/");
    await page.locator("html[data-laid-out]").waitFor({ state: "attached" });
    // The frame after it, which paints what was laid out.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  });
  const { pid, tid } = mainThreadOf(events, new URL("/", baseURL).href);
  const thread = events.filter((e) => e.pid === pid && e.tid === tid);
  const objects = (e: TraceEvent) => e.args?.beginData?.totalObjects ?? 0;
  const layouts = thread.filter((e) => e.name === "Layout" && e.ph === "X");
  // The layout that takes in the whole page: the one with the most objects.
  const whole = layouts.toSorted((a, b) => objects(b) - objects(a))[0];
  if (!whole) throw new Error("the trace never lays the page out");
  const task = topLevelTasks(events, { pid, tid }).find((t) => startsWithin(whole, t));
  if (!task) throw new Error("no task of the page's thread holds the layout of the whole page");
  const paintsInIt = thread.filter((e) => e.name === "Paint" && startsWithin(e, task));
  expect(paintsInIt, "paints in the task that laid the whole page out").toEqual([]);
});

test("a section link followed before the rest of the page is laid out lands on its section, laid out whole", async ({
  page,
  browser,
  baseURL,
}) => {
  const expected = await topsWithoutScripts(browser, baseURL);
  // The moment between the first paint and the boot script's layout, held open: the page as
  // served, scripts on, without its boot script.
  await page.route("/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script[^>]*data-boot[\s\S]*?<\/script>/, "");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/");
  const before = await sectionTops(page);
  expect(before[0], "the hero is laid out").toBe(expected[0]);
  expect(before.at(-1), "the sections below it wait").not.toBe(expected.at(-1));

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contact" })
    .click();
  await expectSectionInView(page, "contact");
  expect(await sectionTops(page)).toEqual(expected);
});
