import type { ChatNextStep } from "@bluewater/content/chat";
import { chatCopy } from "@bluewater/content/chat";
import { cn } from "@bluewater/ui/cn";
import { useEffect, useRef, useState } from "react";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { showContactForm } from "../contact/showContactForm.ts";
import { ChatComposer } from "./ChatComposer.tsx";
import { ChatMessages } from "./ChatMessages.tsx";
import { ChatPanelHeader } from "./ChatPanelHeader.tsx";
import { chatPanelFrame } from "./chatPanelLook.ts";
import { takeOverShownFirstView } from "./firstView/takeOver.ts";
import { useChatConversation } from "./useChatConversation.ts";
import { useCloseWhenCovering } from "./useCloseWhenCovering.ts";

interface ChatPanelProps {
  id: string;
  open: boolean;
  /** `returnFocus` is false when the visitor moved on to another field themselves. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The non-modal chat panel (docs/chat.md). Its code is fetched once the page is idle, so it
 * opens at once. Rendered while the chat's first view is open, it takes its place and goes on
 * from what was asked there.
 */
export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const [takenOver] = useState(takeOverShownFirstView);
  const conversation = useChatConversation(takenOver?.asked);
  const { requestService } = useServiceRequest();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // A panel opened from the launcher takes the keyboard to its field. One that takes the first
  // view's place does not: on a phone that would raise the keyboard over the answer being read.
  const takeover = useRef(takenOver);
  useEffect(() => {
    if (!open) return;
    const first = takeover.current;
    takeover.current = undefined;
    if (!first) input.current?.focus();
    else if (first.hadFocus) panel.current?.focus();
  }, [open]);
  useCloseWhenCovering(panel, open, () => onClose(false));

  // The panel would cover the form on a phone, so it closes; the visitor's own choice of service
  // stays when the answer names none.
  const requestInspection = (service: ChatNextStep["service"]) => {
    if (service) requestService(service, "choice");
    onClose(false);
    showContactForm();
  };

  // Escape closes the panel while focus is in it, or nowhere (after a button it held went away).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (event.key !== "Escape") return;
      if (active === document.body || panel.current?.contains(active)) onClose(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      hidden={!open}
      tabIndex={-1}
      className={cn(
        chatPanelFrame,
        "flex outline-none focus-visible:outline-3 focus-visible:outline-ring",
      )}
    >
      <ChatPanelHeader titleId={`${id}-title`} close={{ onClick: () => onClose(true) }} />
      <ChatMessages
        messages={conversation.messages}
        typing={conversation.typing}
        quickQuestions={conversation.showQuickQuestions ? chatCopy.quickQuestions : []}
        onQuickQuestion={(question) => {
          conversation.askQuickQuestion(question);
          // The quick questions disappear once one is asked; keep the keyboard in the panel.
          input.current?.focus();
        }}
        onRequestInspection={requestInspection}
      />
      <ChatComposer inputRef={input} onSend={conversation.send} />
    </div>
  );
}
