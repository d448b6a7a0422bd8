import { chatCopy } from "@bluewater/content/chat";
import { X } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";

interface ChatPanelHeaderProps {
  titleId: string;
  /** What the close button does: the app's handler, or the first view's native popover action. */
  close: ButtonHTMLAttributes<HTMLButtonElement>;
}

/** The chat's title bar and its close button. */
export function ChatPanelHeader({ titleId, close }: ChatPanelHeaderProps) {
  return (
    <div className="flex items-center justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
      <div>
        <h2 id={titleId} className="font-bold">
          {chatCopy.title}
        </h2>
        <p className="text-sm text-brand-100">{chatCopy.subtitle}</p>
      </div>
      <button
        type="button"
        aria-label={chatCopy.close}
        {...close}
        className="rounded-lg p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
