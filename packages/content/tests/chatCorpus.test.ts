import { describe, expect, it } from "vitest";
import { replyToChatMessage } from "../src/chat/index.ts";
import { chatCorpus } from "./chatCorpus.ts";

describe("the help chat, asked what homeowners really type", () => {
  it("is tried on at least 100 different questions", () => {
    const questions = chatCorpus.map(({ question }) => question.toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
    expect(questions.length).toBeGreaterThanOrEqual(100);
  });

  it.each(chatCorpus)("answers $question with the $topic answer", ({ question, topic }) => {
    expect(replyToChatMessage(question).topic).toBe(topic);
  });
});
