import { business } from "../copy/business.ts";

/**
 * The launcher's words, apart from the panel's: the launcher is in the page's first script, the
 * panel and its words (copy.ts) load later, so they live in a module of their own (docs/chat.md).
 */
export const chatLauncherCopy = {
  launcherLabel: "Open help chat",
  tooltip: "Questions? Chat with us",
  /**
   * What the launcher offers until the chat can run: before the page's app has started, or when
   * its code could not be loaded.
   */
  unavailable: {
    label: "Help chat",
    title: "The chat isn't ready yet",
    text: "For a quick answer, call us. Water coming in right now? We answer emergency calls 24/7.",
    callLabel: `Call ${business.phone.display}`,
    formLabel: "Request a free inspection",
  },
} as const;
