import type { ChatNextStep } from "@bluewater/content/chat";
import { chatCopy } from "@bluewater/content/chat";
import { cn } from "@bluewater/ui/cn";
import { Dialog, DialogPanel } from "@bluewater/ui/dialog";
import { useRef, useState } from "react";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { showContactForm } from "../contact/showContactForm.ts";
import { ChatComposer } from "./ChatComposer.tsx";
import { ChatMessages } from "./ChatMessages.tsx";
import { ChatPanelHeader } from "./ChatPanelHeader.tsx";
import { chatPanelFrame } from "./chatPanelLook.ts";
import { takeOverShownFirstView } from "./firstView/takeOver.ts";
import { useChatConversation } from "./useChatConversation.ts";

interface ChatPanelProps {
  id: string;
  open: boolean;
  /** `returnFocus` is false when the visitor moved on to another field themselves. */
  onClose: (returnFocus: boolean) => void;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The non-modal chat panel (docs/chat.md), a Radix dialog: the page stays usable around it.
 * Its code is fetched once the page is idle, so it opens at once. Rendered while the chat's first
 * view is open, it takes its place and goes on from what was asked there. Closed, only its
 * panel goes: the conversation and the question being typed stay for the next opening.
 */
export default function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const [takenOver] = useState(takeOverShownFirstView);
  const conversation = useChatConversation(takenOver?.asked);
  const draft = useState("");
  const { requestService } = useServiceRequest();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // A panel opened from the launcher takes the keyboard to its field. One that takes the first
  // view's place does not: on a phone that would raise the keyboard over the answer being read.
  const takeover = useRef(takenOver);

  // The panel would cover the form on a phone, so it closes; the visitor's own choice of service
  // stays when the answer names none.
  const requestInspection = (service: ChatNextStep["service"]) => {
    if (service) requestService(service, "choice");
    onClose(false);
    showContactForm();
  };

  return (
    <Dialog modal={false} open={open} onOpenChange={(next) => next || onClose(true)}>
      <DialogPanel
        ref={panel}
        id={id}
        aria-modal="false"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className={cn(
          chatPanelFrame,
          "flex outline-none focus-visible:outline-3 focus-visible:outline-ring",
        )}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const first = takeover.current;
          takeover.current = undefined;
          if (!first) input.current?.focus();
          else if (first.hadFocus) panel.current?.focus();
        }}
        // Escape closes the panel while focus is in it, or nowhere (after a button it held went away).
        onEscapeKeyDown={(event) => {
          const active = document.activeElement;
          if (active !== document.body && !panel.current?.contains(active)) event.preventDefault();
        }}
        // The page stays usable: a tap on it leaves the panel open.
        onPointerDownOutside={(event) => event.preventDefault()}
        // Focus moved to a field the panel would hide (the contact form on a phone, say): the
        // panel steps aside rather than cover what they type into. Measured a frame later:
        // focusing a field may first scroll it into view.
        onFocusOutside={(event) => {
          event.preventDefault();
          const target = event.target;
          if (!(target instanceof HTMLElement)) return;
          requestAnimationFrame(() => {
            const box = panel.current?.getBoundingClientRect();
            if (box && overlaps(target.getBoundingClientRect(), box)) onClose(false);
          });
        }}
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
        <ChatComposer inputRef={input} draft={draft} onSend={conversation.send} />
      </DialogPanel>
    </Dialog>
  );
}
