import {
  business,
  contactSection,
  contactFormFields as fields,
  serviceOptionLabel,
} from "@bluewater/content";
import { chatNextSteps } from "@bluewater/content/chat";
import type { Locator, Page } from "@playwright/test";
import { ask, chatMessages, openChat } from "./chatPage.ts";
import { expect, expectLandedUnderTheBar, gotoInteractive, test } from "./fixtures.ts";

/** The next steps offered under the latest answer, once it has come. */
async function latestNextSteps(panel: Locator): Promise<Locator> {
  const answer = chatMessages(panel).last();
  const steps = answer.getByRole("group", { name: chatNextSteps.label });
  await expect(steps).toBeVisible();
  return steps;
}

/** Waits for the scroll to settle with the form's label and first field in full view below the bar. */
async function expectFormInView(page: Page) {
  const form = page.getByRole("form", { name: contactSection.form.label });
  await expectLandedUnderTheBar(
    page,
    form,
    48,
    "the form's top sits just below the navigation bar",
  );
  await expect(page.getByLabel(new RegExp(fields.name.label))).toBeInViewport({ ratio: 1 });
}

/** The option the form shows as chosen, as a visitor reads it. */
const chosenService = (service: Locator) =>
  service.evaluate((select) =>
    select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.text ?? "") : "",
  );

test.describe("the next step under a chat answer", () => {
  test("'Request a free inspection' closes the chat, shows the form with the service chosen and focus in it", async ({
    page,
  }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await ask(panel, "water pools by my downspouts after it rains");
    const steps = await latestNextSteps(panel);
    await steps.getByRole("button", { name: chatNextSteps.requestInspection }).click();
    await expect(panel).toBeHidden();
    await expectFormInView(page);
    expect(await chosenService(page.getByLabel(fields.service.label))).toBe(
      serviceOptionLabel("drainage"),
    );
    await expect(page.getByLabel(new RegExp(fields.name.label))).toBeFocused();
  });

  test("works from the keyboard alone", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    await page.keyboard.type("theres a crack in my foundation wall");
    await page.keyboard.press("Enter");
    const request = (await latestNextSteps(panel)).getByRole("button", {
      name: chatNextSteps.requestInspection,
    });
    // From the question field, the latest answer's controls are the nearest stop behind it.
    await page.keyboard.press("Shift+Tab");
    await expect(request).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    expect(await chosenService(page.getByLabel(fields.service.label))).toBe(
      serviceOptionLabel("foundation"),
    );
    await expect(page.getByLabel(new RegExp(fields.name.label))).toBeFocused();
    await page.keyboard.type("Jane Smith");
    await expect(page.getByLabel(new RegExp(fields.name.label))).toHaveValue("Jane Smith");
  });

  test("offers the phone number as a call link under every answer", async ({ page }) => {
    await gotoInteractive(page);
    const panel = await openChat(page);
    for (const question of ["my basement is flooding", "do you offer financing"]) {
      await ask(panel, question);
      const call = (await latestNextSteps(panel)).getByRole("link", { name: chatNextSteps.call });
      await expect(call).toHaveAttribute("href", business.phone.href);
    }
    await expect(chatMessages(panel).first().getByRole("group")).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("an answer without a service keeps the one the visitor chose in the form", async ({
      page,
    }) => {
      await gotoInteractive(page);
      const service = page.getByLabel(fields.service.label);
      await service.selectOption("egress");
      const panel = await openChat(page);
      await ask(panel, "does the warranty transfer if i sell");
      await (await latestNextSteps(panel))
        .getByRole("button", { name: chatNextSteps.requestInspection })
        .tap();
      await expect(panel).toBeHidden();
      await expectFormInView(page);
      expect(await chosenService(service)).toBe(serviceOptionLabel("egress"));
      const name = page.getByLabel(new RegExp(fields.name.label));
      await expect(name).toBeFocused();
    });
  });
});
