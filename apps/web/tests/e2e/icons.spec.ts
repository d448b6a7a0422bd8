import { expect, test } from "./fixtures.ts";

/**
 * The page's icons are drawn by its stylesheet, one empty element each (@bluewater/ui's Icon):
 * with JavaScript off, as the HTML arrives, in the text's colour and at the size their classes set.
 */
test.describe("the icons, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("each is drawn by the stylesheet, and no inline SVG is left but the brand's mark", async ({
    page,
  }) => {
    await page.goto("/");
    const svgViewBoxes = await page
      .locator("svg")
      .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("viewBox")));
    expect(new Set(svgViewBoxes), "the brand's mark, in the bar and the footer").toEqual(
      new Set(["0 0 40 40"]),
    );
    const icons = await page.locator(".icon").evaluateAll((elements) =>
      elements.map((icon) => {
        const style = getComputedStyle(icon);
        const box = icon.getBoundingClientRect();
        return {
          mask: style.maskImage,
          painted: style.backgroundColor === style.color,
          hidden: icon.getAttribute("aria-hidden"),
          size: [Math.round(box.width), Math.round(box.height)],
        };
      }),
    );
    expect(icons.length, "the landing page's icons").toBeGreaterThan(50);
    for (const icon of icons) {
      expect(icon.mask).toMatch(/^url\("data:image\/svg\+xml,/);
      expect(icon.painted, "in the text's colour").toBe(true);
      expect(icon.hidden, "decorative: words beside it say what it means").toBe("true");
    }
    // The phone icon in the top bar's call button keeps the size its class gives (size-4 on a phone).
    const callIcon = page.locator("header a[href^='tel:'] .icon").first();
    expect(await callIcon.evaluate((icon) => icon.getBoundingClientRect().width)).toBe(16);
  });
});
