import type { ChatMessage, ChatNextStep } from "@bluewater/content/chat";
import { chatCopy } from "@bluewater/content/chat";
import { useEffect, useRef } from "react";
import { ChatMessageBubble } from "./ChatMessageBubble.tsx";
import { chatMessagesArea, quickQuestionChip, quickQuestionsLabel } from "./chatPanelLook.ts";
import { TypingDots } from "./TypingDots.tsx";

interface ChatMessagesProps {
  messages: readonly ChatMessage[];
  typing: boolean;
  quickQuestions: readonly string[];
  onQuickQuestion: (question: string) => void;
  onRequestInspection: (service: ChatNextStep["service"]) => void;
}

/** The conversation as a live log, so screen readers hear each new message. */
export function ChatMessages({
  messages,
  typing,
  quickQuestions,
  onQuickQuestion,
  onRequestInspection,
}: ChatMessagesProps) {
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or the typing dots appear.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, typing]);

  return (
    <div className={chatMessagesArea}>
      <div role="log" aria-label={chatCopy.logLabel} className="flex flex-col gap-3">
        {messages.map((message) => (
          <ChatMessageBubble
            key={message.id}
            message={message}
            onRequestInspection={onRequestInspection}
          />
        ))}
        {typing && <TypingDots />}
      </div>
      {quickQuestions.length > 0 && (
        <div className="mt-4">
          <p className={quickQuestionsLabel}>{chatCopy.quickQuestionsLabel}</p>
          <ul className="flex flex-wrap gap-2">
            {quickQuestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  onClick={() => onQuickQuestion(question)}
                  className={quickQuestionChip}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div ref={end} />
    </div>
  );
}
