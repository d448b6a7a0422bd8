import type { ServiceOptionValue } from "../contract/serviceOptions.ts";

export { chatCopy, chatTiming } from "./copy.ts";
export { chatLauncherCopy } from "./launcherCopy.ts";
export { chatNextSteps } from "./nextSteps.ts";
export { type ChatReply, replyToChatMessage } from "./replyToChatMessage.ts";
export { type ChatRule, type ChatTopic, chatRules, defaultChatReply } from "./rules.ts";

/** What an answer leads to: a call, or the inspection form with this service chosen. */
export interface ChatNextStep {
  service: ServiceOptionValue | null;
}

export interface ChatMessage {
  id: number;
  type: "bot" | "user";
  text: string;
  /** Set on the bot's answers, which offer a call and a free inspection. */
  nextStep?: ChatNextStep;
}
