/**
 * How the app takes over the chat's first view (ChatFirstView.tsx), the static chat the launcher
 * opens before the app runs: what the visitor asked there is carried into the app's panel, which
 * then takes its place (docs/chat.md#the-first-view).
 */

export const chatFirstViewId = "help-chat-first-view";

/** Class names the first view's markup, its stylesheet rules and this module share. */
export const firstViewClasses = {
  questions: "chat-quick-questions",
  typing: "chat-typing",
  reply: "chat-reply",
  replySteps: "chat-reply-steps",
} as const;

/** A quick question the visitor opened in the first view. */
export interface AskedBeforeTheApp {
  question: string;
  /** Since it was opened: its reply shows once this reaches the chat's own delays. */
  elapsedMs: number;
}

export interface TakenOver {
  asked: AskedBeforeTheApp | undefined;
  /** The keyboard's focus was in the first view, so it goes to the panel. */
  hadFocus: boolean;
}

/** The first view, in the HTML outside the app's root (none in `pnpm dev`), when it is open. */
export function shownFirstView(): HTMLElement | null {
  const view = document.getElementById(chatFirstViewId);
  return view?.matches(":popover-open") ? view : null;
}

/**
 * What the visitor did in the first view, if it is open: read by the panel as it renders, in
 * the task that then hides the first view, so nothing asked there in between is lost.
 */
export function takeOverShownFirstView(): TakenOver | undefined {
  const view = shownFirstView();
  return view ? takeOverFirstView(view) : undefined;
}

/**
 * Reads what the visitor did in the first view. The boot script notes when each question was
 * opened (`data-opened-at`, src/start/visitorActs.ts); one opened before it ran (it runs once the
 * page is parsed) has had its reply on screen for long.
 */
function takeOverFirstView(view: HTMLElement): TakenOver {
  const hadFocus = view.contains(document.activeElement);
  const opened = view.querySelector<HTMLDetailsElement>("details[open]");
  const question = opened?.querySelector("summary")?.textContent ?? "";
  const openedAt = Number(opened?.dataset.openedAt ?? Number.NEGATIVE_INFINITY);
  return {
    asked: question ? { question, elapsedMs: performance.now() - openedAt } : undefined,
    hadFocus,
  };
}

/** Hides the first view, put back as the HTML has it, for a later fallback (the panel's code failed). */
export function hideFirstView(view: HTMLElement): void {
  view.hidePopover();
  for (const details of view.querySelectorAll("details")) details.open = false;
}
