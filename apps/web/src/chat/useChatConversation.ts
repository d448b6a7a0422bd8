import {
  type ChatMessage,
  chatCopy,
  chatTiming,
  replyToChatMessage,
} from "@bluewater/content/chat";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AskedBeforeTheApp } from "./firstView/takeOver.ts";

interface ChatConversation {
  messages: readonly ChatMessage[];
  /** True while a reply is on its way; it comes a second after the message. */
  typing: boolean;
  /** Quick questions show only while the greeting is the only message. */
  showQuickQuestions: boolean;
  send: (text: string) => void;
  askQuickQuestion: (question: string) => void;
}

const greeting: ChatMessage = { id: 0, type: "bot", text: chatCopy.greeting };

const botReply = (message: string): Omit<ChatMessage, "id"> => {
  const reply = replyToChatMessage(message);
  return { type: "bot", text: reply.text, nextStep: { service: reply.service } };
};

/** A quick question's reply comes this long after its click, in the app and in the first view. */
export const quickReplyMs = chatTiming.quickQuestionDelayMs + chatTiming.replyDelayMs;

/**
 * How the conversation starts: the greeting, and the quick question asked in the chat's first
 * view before the app ran, if any, with its reply if the first view already showed it.
 */
function opening(asked: AskedBeforeTheApp | undefined) {
  if (!asked) return { messages: [greeting] };
  const question: ChatMessage = { id: 1, type: "user", text: asked.question };
  const replyInMs = quickReplyMs - asked.elapsedMs;
  if (replyInMs > 0) return { messages: [greeting, question], pending: { asked, replyInMs } };
  return { messages: [greeting, question, { id: 2, ...botReply(asked.question) }] };
}

/**
 * The scripted conversation: no network, replies from the content package's rules. `asked` is
 * the quick question asked in the chat's first view, which the conversation goes on from.
 */
export function useChatConversation(asked?: AskedBeforeTheApp): ChatConversation {
  const [start] = useState(() => opening(asked));
  const [messages, setMessages] = useState<readonly ChatMessage[]>(start.messages);
  const [pendingReplies, setPendingReplies] = useState(start.pending ? 1 : 0);
  // Set on the first quick question, so the buttons go at once, not after the 100 ms wait.
  const [askedQuickQuestion, setAskedQuickQuestion] = useState(asked !== undefined);
  const nextId = useRef(start.messages.length);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const later = useCallback((delayMs: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, delayMs);
    timers.current.add(timer);
  }, []);

  const append = useCallback((message: Omit<ChatMessage, "id">) => {
    const id = nextId.current++;
    setMessages((current) => [...current, { ...message, id }]);
  }, []);

  /** The reply to `message`, in `delayMs`; the typing dots show meanwhile. */
  const reply = useCallback(
    (message: string, delayMs: number) => {
      later(delayMs, () => {
        append(botReply(message));
        setPendingReplies((count) => count - 1);
      });
    },
    [append, later],
  );

  // The reply to the first view's question, still on its way, comes when the first view would
  // have shown it.
  useEffect(() => {
    if (start.pending) reply(start.pending.asked.question, start.pending.replyInMs);
  }, [start, reply]);

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (message === "") return;
      append({ type: "user", text: message });
      setPendingReplies((count) => count + 1);
      reply(message, chatTiming.replyDelayMs);
    },
    [append, reply],
  );

  const askQuickQuestion = useCallback(
    (question: string) => {
      setAskedQuickQuestion(true);
      later(chatTiming.quickQuestionDelayMs, () => send(question));
    },
    [later, send],
  );

  return {
    messages,
    typing: pendingReplies > 0,
    showQuickQuestions: messages.length === 1 && !askedQuickQuestion,
    send,
    askQuickQuestion,
  };
}
