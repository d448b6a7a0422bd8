import { describe, expect, it } from "vitest";
import { compilePhrase, phraseGapWords } from "../src/chat/compilePhrase.ts";
import {
  type ChatTopic,
  chatCopy,
  chatRules,
  defaultChatReply,
  replyToChatMessage,
} from "../src/chat/index.ts";
import { normaliseQuestion } from "../src/chat/normaliseQuestion.ts";
import { isServiceOptionValue, serviceOptionLabel } from "../src/contract/serviceOptions.ts";
import { business } from "../src/copy/business.ts";

const ruleFor = (topic: ChatTopic) => {
  const rule = chatRules.find((r) => r.topic === topic);
  if (!rule) throw new Error(`no rule for ${topic}`);
  return rule;
};

/** A phrase as a visitor would type it alone: gaps closed, stems without their endings. */
const askedAlone = (phrase: string) => phrase.replace(/\s*…\s*/g, " ").replace(/\*/g, "");

describe("the chat's topics (docs/chat.md)", () => {
  it("keep the client's eight first, in the client's order", () => {
    expect(chatRules.slice(0, 8).map((rule) => rule.topic)).toEqual([
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

  it("are each listed once, with phrases no other topic repeats", () => {
    const topics = chatRules.map((rule) => rule.topic);
    expect(new Set(topics).size).toBe(topics.length);
    const owners = new Map<string, ChatTopic>();
    for (const rule of chatRules) {
      for (const phrase of rule.phrases) {
        const normal = normaliseQuestion(phrase);
        expect(owners.get(normal), `"${phrase}" of ${rule.topic}`).toBeUndefined();
        owners.set(normal, rule.topic);
      }
    }
  });

  it.each(
    chatRules.flatMap((rule) => rule.phrases.map((phrase) => [askedAlone(phrase), rule.topic])),
  )("%j asked alone reaches %s, not an earlier topic", (question, topic) => {
    expect(replyToChatMessage(question).topic).toBe(topic);
  });

  it("preselect a service the contact form knows, matching the subject", () => {
    for (const rule of chatRules) {
      if (rule.service !== null) expect(isServiceOptionValue(rule.service)).toBe(true);
    }
    expect(serviceOptionLabel(ruleFor("drainage").service ?? "")).toBe("Drainage Systems");
    expect(serviceOptionLabel(ruleFor("foundation-cracks").service ?? "")).toBe(
      "Foundation Repair",
    );
    expect(replyToChatMessage("hello").service).toBeNull();
  });
});

describe("reading a question", () => {
  it("ignores case, accents, apostrophes, punctuation and extra spaces", () => {
    expect(normaliseQuestion("  What’s   the WARRANTY?!  ")).toBe("whats the warranty");
    expect(normaliseQuestion("what's the warranty")).toBe("whats the warranty");
    expect(normaliseQuestion("24/7 sump-pump café")).toBe("24 7 sump pump cafe");
  });

  it("corrects common misspellings and phone shorthand word by word", () => {
    expect(normaliseQuestion("r u licenced")).toBe("are you licensed");
    expect(normaliseQuestion("warrenty on foundaton in my basment")).toBe(
      "warranty on foundation in my basement",
    );
    expect(normaliseQuestion("crawlspace thru mt clemens")).toBe(
      "crawl space through mount clemens",
    );
    // Only whole words are corrected: "ur" inside "hours" stays.
    expect(normaliseQuestion("hours")).toBe("hours");
  });

  it("matches whole words: 'time' is not in 'sometimes', 'take' is not about duration", () => {
    expect(compilePhrase("time").test(normaliseQuestion("sometimes water comes in"))).toBe(false);
    expect(replyToChatMessage("sometimes water comes through the wall").topic).not.toBe("time");
    expect(replyToChatMessage("can you take a look").topic).not.toBe("time");
  });

  it("lets * take any ending and … stand for up to four words", () => {
    const flood = compilePhrase("flood*");
    expect(["flood", "floods", "flooded"].every((word) => flood.test(word))).toBe(true);
    expect(flood.test("a flood")).toBe(true);
    expect(flood.test("waterflood")).toBe(false);
    const howLongTake = compilePhrase("how long … take");
    expect(howLongTake.test("how long take")).toBe(true);
    expect(howLongTake.test("how long does crack repair take")).toBe(true);
    const tooFar = ["how long", ...Array(phraseGapWords + 1).fill("word"), "take"].join(" ");
    expect(howLongTake.test(tooFar)).toBe(false);
  });

  it("refuses a phrase that normalises to nothing", () => {
    expect(() => compilePhrase("?!")).toThrow(/empty/);
    expect(() => compilePhrase("… take")).toThrow(/empty/);
  });

  it("stays harmless and quick on hostile or huge input", () => {
    expect(replyToChatMessage("constructor __proto__ toString hasOwnProperty").topic).toBe(
      "default",
    );
    expect(replyToChatMessage("<img src=x onerror=alert(1)>").topic).toBe("default");
    const huge = `${"how long ".repeat(20_000)}x`;
    expect(replyToChatMessage(huge).topic).toBe("default");
  });
});

describe("choosing between topics", () => {
  it("takes the first matching topic in order", () => {
    expect(replyToChatMessage("how much is the warranty").topic).toBe("warranty");
    expect(replyToChatMessage("how much to fix a crack").topic).toBe("cost");
    expect(replyToChatMessage("how long to fix a crack").topic).toBe("time");
  });

  it("answers water coming in now with the emergency, before the repair it needs", () => {
    expect(replyToChatMessage("my sump pump died").topic).toBe("emergency");
    expect(replyToChatMessage("water gushing through the crack").topic).toBe("emergency");
    expect(replyToChatMessage("my sump pump is noisy").topic).toBe("drainage");
  });

  it("keeps a question about another topic on that topic, though water is coming in", () => {
    expect(replyToChatMessage("does the warranty cover flooding").topic).toBe("warranty");
    expect(replyToChatMessage("basement is flooding how much to fix").topic).toBe("cost");
  });

  it("does not treat a past flood or its prevention as an emergency", () => {
    expect(replyToChatMessage("my basement flooded last year").topic).not.toBe("emergency");
    expect(replyToChatMessage("how do i prevent flooding").topic).not.toBe("emergency");
    expect(replyToChatMessage("my basement flooded last night").topic).toBe("emergency");
  });

  it("falls back to the default, which offers the phone number and the form", () => {
    const reply = replyToChatMessage("hello there");
    expect(reply).toEqual({ topic: "default", text: defaultChatReply, service: null });
    expect(defaultChatReply).toContain(business.phone.display);
  });
});

describe("the answers the client specified", () => {
  it("say what was promised for each topic", () => {
    expect(ruleFor("warranty").reply).toMatch(/lifetime transferable/i);
    expect(ruleFor("cost").reply).toMatch(/\$3,000.*\$8,000/);
    expect(ruleFor("cost").reply).toMatch(/exterior .*varies/i);
    expect(ruleFor("time").reply).toMatch(/1 to 3 days.*3 to 7 days/);
    expect(ruleFor("emergency").reply).toContain("24/7");
    expect(ruleFor("emergency").reply).toContain(business.phone.display);
    expect(ruleFor("service-area").reply).toContain("Chesterfield");
    expect(ruleFor("experience").reply).toMatch(/over 20 years/i);
  });

  it("are never empty", () => {
    for (const rule of chatRules) expect(rule.reply.trim().length).toBeGreaterThan(40);
  });
});

describe("quick questions", () => {
  it("are the client's four, and each gets its own topic's answer", () => {
    expect(chatCopy.quickQuestions.map((q) => replyToChatMessage(q).topic)).toEqual([
      "warranty",
      "cost",
      "time",
      "emergency",
    ]);
    expect(chatCopy.quickQuestions).toEqual([
      "What's your warranty?",
      "How much does it cost?",
      "How long does it take?",
      "Do you handle emergencies?",
    ]);
  });
});
