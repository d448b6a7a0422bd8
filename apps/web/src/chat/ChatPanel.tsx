import type { ChatNextStep } from "@bluewater/content/chat";
import { chatCopy } from "@bluewater/content/chat";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { showContactForm } from "../contact/showContactForm.ts";
import { ChatComposer } from "./ChatComposer.tsx";
import { ChatMessages } from "./ChatMessages.tsx";
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
 * opens at once.
 */
export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const conversation = useChatConversation();
  const { requestService } = useServiceRequest();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
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
      className="fixed right-4 bottom-22 z-50 flex h-[min(34rem,calc(100dvh-7.5rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-raised sm:right-6 sm:bottom-24"
    >
      <div className="flex items-center justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
        <div>
          <h2 id={`${id}-title`} className="font-bold">
            {chatCopy.title}
          </h2>
          <p className="text-sm text-brand-100">{chatCopy.subtitle}</p>
        </div>
        <button
          type="button"
          aria-label={chatCopy.close}
          onClick={() => onClose(true)}
          className="rounded-lg p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
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
