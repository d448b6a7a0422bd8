/**
 * The launcher's words, apart from the panel's: the launcher is in the page's first script, the
 * panel and its words (copy.ts) load later, so they live in a module of their own (docs/chat.md).
 */
export const chatLauncherCopy = {
  launcherLabel: "Open help chat",
  tooltip: "Questions? Chat with us",
  /**
   * The chat's first view, in the page's HTML: what the launcher opens before the page's app has
   * started, without JavaScript, or when the chat's code could not be loaded. It has the panel's
   * title, greeting and quick questions (copy.ts), each answered as the chat would; below them,
   * instead of the question field, this line and the phone number.
   */
  firstView: {
    callPrompt: "Water coming in right now? Call us 24/7:",
  },
} as const;
