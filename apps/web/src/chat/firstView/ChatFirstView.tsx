import { business, chatLauncherCopy } from "@bluewater/content";
import { chatCopy, chatTiming, replyToChatMessage } from "@bluewater/content/chat";
import { cn } from "@bluewater/ui/cn";
import type { CSSProperties } from "react";
import { prefetchOnReach } from "../../start/index.ts";
import { ChatMessageBubble } from "../ChatMessageBubble.tsx";
import { ChatNextSteps } from "../ChatNextSteps.tsx";
import { ChatPanelHeader } from "../ChatPanelHeader.tsx";
import {
  chatMessagesArea,
  chatPanelFrame,
  quickQuestionChip,
  quickQuestionsLabel,
} from "../chatPanelLook.ts";
import { TypingDots } from "../TypingDots.tsx";
import { quickReplyMs } from "../useChatConversation.ts";
import { chatFirstViewId, firstViewClasses } from "./takeOver.ts";

/**
 * The chat's first view: what the launcher opens before the app runs, without JavaScript, or
 * when the chat's code cannot be loaded. Rendered once by the build into the page's HTML, outside
 * the app's root, so React never hydrates it and none of it, the quick questions' answers
 * included, is in the app's script. A native popover (the launcher's `popovertarget`), it looks
 * like the app's panel with its greeting and quick questions; each quick question is a
 * `<details>` that answers as the chat does, "Typing…" first, by the stylesheet's timing alone
 * (styles.css). Where the question field will be, the phone number. The app takes it over with
 * what was asked (takeOver.ts).
 */
export function ChatFirstView() {
  const titleId = `${chatFirstViewId}-title`;
  const timing = {
    "--chat-sent-after": `${chatTiming.quickQuestionDelayMs}ms`,
    "--chat-typing-for": `${chatTiming.replyDelayMs}ms`,
    "--chat-reply-after": `${quickReplyMs}ms`,
  } as CSSProperties;
  return (
    <div
      id={chatFirstViewId}
      popover="auto"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      {...prefetchOnReach("chat-panel")}
      style={timing}
      className={cn(chatPanelFrame, "inset-auto m-0 hidden p-0 text-foreground open:flex")}
    >
      <ChatPanelHeader
        titleId={titleId}
        close={{ popoverTarget: chatFirstViewId, popoverTargetAction: "hide" }}
      />
      <div className={chatMessagesArea}>
        <div role="log" aria-label={chatCopy.logLabel} className="flex flex-col gap-3">
          <ChatMessageBubble message={{ id: 0, type: "bot", text: chatCopy.greeting }} />
        </div>
        {/* Polite, so a screen reader hears the answer come, as the app's log tells it. */}
        <div className={cn(firstViewClasses.questions, "mt-4")} aria-live="polite">
          <p className={quickQuestionsLabel}>{chatCopy.quickQuestionsLabel}</p>
          <ul className="flex flex-wrap gap-2">
            {chatCopy.quickQuestions.map((question) => (
              <AnsweredQuestion key={question} question={question} />
            ))}
          </ul>
          {/* Once for the four questions, shown under the one opened (styles.css). */}
          <div className={cn(firstViewClasses.typing, "flex flex-col")}>
            <TypingDots />
          </div>
          <div className={firstViewClasses.replySteps}>
            <ChatNextSteps />
          </div>
        </div>
      </div>
      <p className="border-t border-border bg-white px-4 py-3 text-sm text-muted-foreground">
        {chatLauncherCopy.firstView.callPrompt}{" "}
        <a
          href={business.phone.href}
          className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
        >
          {business.phone.display}
        </a>
      </p>
    </div>
  );
}

/**
 * A quick question and its answer, from the chat's rules at build time. Opened, its chip becomes
 * the visitor's message, and the others go, as in the app's panel. The typing dots and the next
 * steps, the same for every question, are written once, after the list.
 */
function AnsweredQuestion({ question }: { question: string }) {
  const reply = replyToChatMessage(question);
  // The next steps under it lead to the form without a service: the build refuses a quick
  // question whose answer names one, which only the app could choose.
  if (reply.service) throw new Error(`"${question}" leads to ${reply.service}: not in the HTML.`);
  return (
    <li>
      <details name={`${chatFirstViewId}-question`} className="group">
        <summary
          className={cn(
            quickQuestionChip,
            "block cursor-pointer",
            "group-open:ml-auto group-open:w-fit group-open:max-w-[85%] group-open:cursor-default group-open:rounded-2xl group-open:rounded-br-sm group-open:border-0 group-open:bg-brand-600 group-open:px-4 group-open:py-2.5 group-open:text-[0.9375rem] group-open:leading-snug group-open:font-normal group-open:text-white group-open:hover:bg-brand-600",
          )}
        >
          {question}
        </summary>
        <ChatMessageBubble
          className={firstViewClasses.reply}
          message={{ id: 0, type: "bot", text: reply.text }}
        />
      </details>
    </li>
  );
}
