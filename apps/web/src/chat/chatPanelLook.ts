/**
 * What the chat panel and its first view in the HTML (firstView/) share on screen, so the app's
 * panel takes the first view's place without a shift: the frame, and the quick questions' chips.
 */
export const chatPanelFrame =
  "fixed right-4 bottom-22 z-50 h-[min(34rem,calc(100dvh-7.5rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-raised sm:right-6 sm:bottom-24";

/** The scrolling area under the title bar, where the conversation and the quick questions are. */
export const chatMessagesArea = "flex-1 overflow-y-auto bg-sand-50 p-4";

export const quickQuestionsLabel = "mb-2 text-sm font-semibold text-slate-700";

export const quickQuestionChip =
  "rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-ring";
