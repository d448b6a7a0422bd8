import type { Browser, Page } from "@playwright/test";
import { expect, expectSectionInView, sectionOrder, test } from "./fixtures.ts";

// The first frame lays out the bar and the hero alone; the boot script lays out the rest right
// after the first paint (src/start/layOutBelowTheHero.ts). Whatever happens in between, the
// visitor must land on the page as it is laid out whole.

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
