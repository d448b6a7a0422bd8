import type { ChatMessage, ChatNextStep } from "@bluewater/content/chat";
import { chatCopy } from "@bluewater/content/chat";
import { cn } from "@bluewater/ui/cn";
import { ChatNextSteps } from "./ChatNextSteps.tsx";

interface ChatMessageBubbleProps {
  message: ChatMessage;
  /** The app's way to the form; the first view in the HTML has a link instead. */
  onRequestInspection?: (service: ChatNextStep["service"]) => void;
  className?: string;
}

/** One message; the bot's answers carry their next steps beneath them. */
export function ChatMessageBubble({
  message,
  onRequestInspection,
  className,
}: ChatMessageBubbleProps) {
  const fromBot = message.type === "bot";
  const { nextStep } = message;
  return (
    <div
      className={cn(
        "flex max-w-[85%] flex-col gap-2",
        fromBot ? "self-start" : "self-end",
        className,
      )}
    >
      <p
        className={cn(
          "rounded-2xl px-4 py-2.5 text-[0.9375rem] leading-snug",
          fromBot
            ? "rounded-bl-sm bg-white text-foreground shadow-card"
            : "rounded-br-sm bg-brand-600 text-white",
        )}
      >
        <span className="sr-only">{fromBot ? chatCopy.botName : chatCopy.userName}: </span>
        {message.text}
      </p>
      {nextStep && (
        <ChatNextSteps
          onRequestInspection={onRequestInspection && (() => onRequestInspection(nextStep.service))}
        />
      )}
    </div>
  );
}
