export { chatCopy, chatTiming } from "./copy.ts";
export { replyToChatMessage } from "./replyToChatMessage.ts";
export { type ChatRule, type ChatTopic, chatRules, defaultChatReply } from "./rules.ts";

export type ChatMessage = { id: number; type: "bot" | "user"; text: string };
