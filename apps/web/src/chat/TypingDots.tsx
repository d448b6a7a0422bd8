import { chatCopy } from "@bluewater/content/chat";

/** "Typing…": three bouncing dots while a reply is on its way, the words for screen readers. */
export function TypingDots() {
  return (
    <p className="self-start rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-card">
      <span className="sr-only">{chatCopy.typing}</span>
      <span aria-hidden="true" className="flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce"
          />
        ))}
      </span>
    </p>
  );
}
