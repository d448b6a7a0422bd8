import { describe, expect, it } from "vitest";
import { business } from "../src/business.ts";
import {
  type ChatTopic,
  chatCopy,
  chatRules,
  chatTiming,
  defaultChatReply,
  replyToChatMessage,
} from "../src/chat/index.ts";

const replyFor = (topic: ChatTopic) => {
  const rule = chatRules.find((r) => r.topic === topic);
  if (!rule) throw new Error(`no rule for ${topic}`);
  return rule.reply;
};

describe("chat rules (SPEC §9)", () => {
  it("are checked in the specified order", () => {
    expect(chatRules.map((rule) => rule.topic)).toEqual([
      "warranty",
      "cost",
      "time",
      "drainage",
      "foundation-cracks",
      "emergency",
      "service-area",
      "experience",
    ]);
  });

  it("keep every keyword lower-case, so containment is case-insensitive", () => {
    for (const rule of chatRules) {
      for (const keyword of rule.keywords) expect(keyword).toBe(keyword.toLowerCase());
    }
  });

  it.each<[string, ChatTopic]>([
    ["Is there a WARRANTY?", "warranty"],
    ["do you guarantee the work", "warranty"],
    ["What's the price?", "cost"],
    ["how much for a sump pump", "cost"],
    ["how long would exterior work last in my yard", "time"],
    ["What timeline should I expect", "time"],
    ["My sump pump keeps running", "drainage"],
    ["water pools by the downspout", "drainage"],
    ["There is a crack in my basement wall", "foundation-cracks"],
    ["the wall is bowing", "foundation-cracks"],
    ["My basement is FLOODING", "emergency"],
    ["this is urgent", "emergency"],
    ["Where are you based?", "service-area"],
    ["Do you serve Chesterfield?", "service-area"],
    ["What areas do you cover", "service-area"],
    ["Are you licensed?", "experience"],
    ["how many years have you done this", "experience"],
  ])("answers %j with the %s reply", (message, topic) => {
    expect(replyToChatMessage(message)).toBe(replyFor(topic));
  });

  it("takes the first matching rule: a question about warranty cost gets the warranty answer", () => {
    expect(replyToChatMessage("how much is the warranty")).toBe(replyFor("warranty"));
    expect(replyToChatMessage("how much to fix a crack")).toBe(replyFor("cost"));
    expect(replyToChatMessage("how long to fix a crack")).toBe(replyFor("time"));
  });

  it("falls back to the default, which offers the phone number and the form", () => {
    expect(replyToChatMessage("hello there")).toBe(defaultChatReply);
    expect(defaultChatReply).toContain(business.phone.display);
    expect(defaultChatReply).toMatch(/free inspection/i);
    expect(defaultChatReply).toMatch(/contact form/i);
  });

  it("says what SPEC §9 requires of each answer", () => {
    expect(replyFor("warranty")).toMatch(/lifetime transferable/i);
    expect(replyFor("cost")).toContain("$3,000");
    expect(replyFor("cost")).toContain("$8,000");
    expect(replyFor("cost")).toMatch(/exterior .*varies/i);
    expect(replyFor("time")).toMatch(/1 to 3 days/);
    expect(replyFor("time")).toMatch(/3 to 7 days/);
    expect(replyFor("emergency")).toContain("24/7");
    expect(replyFor("emergency")).toContain(business.phone.display);
    expect(replyFor("service-area")).toContain("Chesterfield");
    expect(replyFor("experience")).toMatch(/over 20 years/i);
    expect(replyFor("drainage").length).toBeGreaterThan(60);
    expect(replyFor("foundation-cracks").length).toBeGreaterThan(60);
  });
});

describe("quick questions", () => {
  it("are the four of SPEC §9", () => {
    expect(chatCopy.quickQuestions).toEqual([
      "What's your warranty?",
      "How much does it cost?",
      "How long does it take?",
      "Do you handle emergencies?",
    ]);
  });

  it.each<[string, ChatTopic]>([
    ["What's your warranty?", "warranty"],
    ["How much does it cost?", "cost"],
    ["How long does it take?", "time"],
    ["Do you handle emergencies?", "emergency"],
  ])("%j gets the %s answer", (question, topic) => {
    expect(replyToChatMessage(question)).toBe(replyFor(topic));
  });
});

describe("chat timing", () => {
  it("is SPEC §9's: the reply after 1000 ms, a quick question sent after 100 ms", () => {
    expect(chatTiming).toEqual({ replyDelayMs: 1000, quickQuestionDelayMs: 100 });
  });
});
