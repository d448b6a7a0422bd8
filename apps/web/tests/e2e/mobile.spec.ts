import { expect, expectSectionInView, gotoInteractive, test } from "./fixtures.ts";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("zoomed to 400% (320 × 256), the open menu scrolls to its last section", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    await gotoInteractive(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main" });
    const last = menu.getByRole("link", { name: "Contact", exact: true });
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    expect(box && box.y + box.height, "the last link is on screen").toBeLessThanOrEqual(256);
    await last.click();
    await expectSectionInView(page, "contact");
  });

  test("below 375 px, where only the logo shows, the home link still has a name", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoInteractive(page);
    const home = page.getByRole("link", { name: "Blue Water Waterproofing", exact: true });
    await expect(home).toHaveAttribute("href", "#home");
    const box = await home.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), "a 44 px target").toBeGreaterThanOrEqual(
      44,
    );
  });

  test("the menu toggle opens the section list and closes after each choice", async ({ page }) => {
    await gotoInteractive(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    for (const [label, id] of [
      ["Services", "services"],
      ["About", "about"],
      ["Gallery", "gallery"],
      ["Contact", "contact"],
      ["Home", "home"],
    ] as const) {
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const menu = page.getByRole("navigation", { name: "Main" });
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expectSectionInView(page, id);
    }
  });

  test("Escape closes the menu and gives focus back to the toggle", async ({ page }) => {
    await gotoInteractive(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });
});

// Phones, a 1280 px screen zoomed to 200% (640), tablets in portrait where the proof band turns
// five columns wide (768–912), and phones with their text enlarged (a root font of 125% to 200%),
// down to the narrowest phone at 150%: there the header's Menu must stay on screen too.
const layouts = [
  { width: 320, text: 100 },
  { width: 390, text: 100 },
  { width: 640, text: 100 },
  { width: 768, text: 100 },
  { width: 820, text: 100 },
  { width: 912, text: 100 },
  { width: 390, text: 125 },
  { width: 390, text: 150 },
  { width: 320, text: 150 },
  { width: 360, text: 175 },
  { width: 390, text: 200 },
  { width: 412, text: 200 },
];

for (const { width, text } of layouts) {
  test(`nothing overflows sideways at ${width} px, text at ${text}%`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await gotoInteractive(page);
    if (text !== 100) await page.addStyleTag({ content: `html { font-size: ${text}%; }` });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((el) => getComputedStyle(el).position !== "fixed" || el.closest("header"))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
    );
    expect(wide).toEqual([]);
  });
}
