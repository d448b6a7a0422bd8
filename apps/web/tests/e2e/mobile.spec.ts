import { expect, expectSectionInView, gotoInteractive, test } from "./fixtures.ts";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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

for (const width of [320, 390]) {
  test(`nothing overflows sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await gotoInteractive(page);
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
