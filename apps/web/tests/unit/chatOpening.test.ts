import { chatCopy, chatTiming, replyToChatMessage } from "@bluewater/content/chat";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useChatConversation } from "../../src/chat/useChatConversation.ts";

/** The app's chat going on from a quick question asked in the chat's first view. */

const [question = ""] = chatCopy.quickQuestions;
const answer = replyToChatMessage(question).text;
const quickReplyMs = chatTiming.quickQuestionDelayMs + chatTiming.replyDelayMs;
const texts = (result: { current: ReturnType<typeof useChatConversation> }) =>
  result.current.messages.map(({ text }) => text);

describe("the conversation the app's panel starts with", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the greeting and the quick questions when nothing was asked before", () => {
    const { result } = renderHook(() => useChatConversation());
    expect(texts(result)).toEqual([chatCopy.greeting]);
    expect(result.current.showQuickQuestions).toBe(true);
    expect(result.current.typing).toBe(false);
  });

  it("has the question and its answer, with no second wait, when the first view showed it", () => {
    const { result } = renderHook(() =>
      useChatConversation({ question, elapsedMs: Number.POSITIVE_INFINITY }),
    );
    expect(texts(result)).toEqual([chatCopy.greeting, question, answer]);
    expect(result.current.typing).toBe(false);
    expect(result.current.showQuickQuestions).toBe(false);
    act(() => vi.advanceTimersByTime(quickReplyMs * 2));
    expect(texts(result), "answered once").toEqual([chatCopy.greeting, question, answer]);
  });

  it("answers when the first view would have, for a question still on its way", () => {
    const elapsedMs = 300;
    const { result } = renderHook(() => useChatConversation({ question, elapsedMs }));
    expect(texts(result)).toEqual([chatCopy.greeting, question]);
    expect(result.current.typing).toBe(true);
    act(() => vi.advanceTimersByTime(quickReplyMs - elapsedMs - 1));
    expect(texts(result)).toEqual([chatCopy.greeting, question]);
    act(() => vi.advanceTimersByTime(1));
    expect(texts(result)).toEqual([chatCopy.greeting, question, answer]);
    expect(result.current.typing).toBe(false);
  });

  it("goes on: the next message is answered after the usual delay", () => {
    const { result } = renderHook(() =>
      useChatConversation({ question, elapsedMs: Number.POSITIVE_INFINITY }),
    );
    act(() => result.current.send("do you fix bowing walls"));
    act(() => vi.advanceTimersByTime(chatTiming.replyDelayMs));
    expect(result.current.messages).toHaveLength(5);
    expect(new Set(result.current.messages.map(({ id }) => id)).size, "unique keys").toBe(5);
  });
});
