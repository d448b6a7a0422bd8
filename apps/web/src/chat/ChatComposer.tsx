import { chatCopy } from "@bluewater/content/chat";
import { Send } from "lucide-react";
import type { Dispatch, RefObject, SetStateAction } from "react";

interface ChatComposerProps {
  inputRef: RefObject<HTMLInputElement | null>;
  /** The question being typed, kept by the panel while it is closed. */
  draft: [string, Dispatch<SetStateAction<string>>];
  onSend: (text: string) => void;
}

/** The question field; blank or whitespace-only input is ignored. */
export function ChatComposer({ inputRef, draft, onSend }: ChatComposerProps) {
  const [text, setText] = draft;
  return (
    <form
      className="flex gap-2 border-t border-border bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "") return;
        onSend(text);
        setText("");
      }}
    >
      <label htmlFor="chat-question" className="sr-only">
        {chatCopy.inputLabel}
      </label>
      <input
        ref={inputRef}
        id="chat-question"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder={chatCopy.inputPlaceholder}
        autoComplete="off"
        maxLength={chatCopy.inputMaxLength}
        className="h-11 min-w-0 flex-1 rounded-lg border border-input px-3 text-base placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-3 focus-visible:outline-ring/30"
      />
      <button
        type="submit"
        className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Send aria-hidden="true" className="size-5" />
        <span className="sr-only">{chatCopy.send}</span>
      </button>
    </form>
  );
}
