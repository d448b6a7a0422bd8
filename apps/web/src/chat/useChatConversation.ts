import {
  type ChatMessage,
  chatCopy,
  chatTiming,
  replyToChatMessage,
} from "@bluewater/content/chat";
import { useCallback, useEffect, useRef, useState } from "react";

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

/** The scripted conversation: no network, replies from the content package's rules. */
export function useChatConversation(): ChatConversation {
  const [messages, setMessages] = useState<readonly ChatMessage[]>([greeting]);
  const [pendingReplies, setPendingReplies] = useState(0);
  // Set on the first quick question, so the buttons go at once, not after the 100 ms wait.
  const [askedQuickQuestion, setAskedQuickQuestion] = useState(false);
  const nextId = useRef(1);
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

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (message === "") return;
      append({ type: "user", text: message });
      setPendingReplies((count) => count + 1);
      later(chatTiming.replyDelayMs, () => {
        const reply = replyToChatMessage(message);
        append({ type: "bot", text: reply.text, nextStep: { service: reply.service } });
        setPendingReplies((count) => count - 1);
      });
    },
    [append, later],
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
