import { business } from "@bluewater/content";
import { chatNextSteps, chatRules } from "@bluewater/content/chat";
import { chatCorpus } from "../../../../packages/content/tests/chatCorpus.ts";
import { ask, chatMessages, openChat } from "./chatPage.ts";
import { expect, gotoInteractive, stopClock, test } from "./fixtures.ts";

const emergencyReply = chatRules.find((rule) => rule.topic === "emergency")?.reply ?? "";
const emergencies = chatCorpus.filter(({ topic }) => topic === "emergency");

test("every emergency-like question of the corpus gets the emergency answer and a call link", async ({
  page,
}) => {
  expect(emergencies.length).toBeGreaterThan(10);
  await page.clock.install();
  await gotoInteractive(page, { fakeClock: true });
  const panel = await openChat(page);
  await stopClock(page);
  for (const [index, { question }] of emergencies.entries()) {
    await ask(panel, question);
    await page.clock.runFor(1000);
    const answer = chatMessages(panel).nth(2 * index + 2);
    await expect(answer, question).toContainText(emergencyReply);
    await expect(answer.getByRole("link", { name: chatNextSteps.call })).toHaveAttribute(
      "href",
      business.phone.href,
    );
  }
});
