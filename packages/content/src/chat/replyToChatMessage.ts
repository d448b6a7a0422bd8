import { chatRules, defaultChatReply } from "./rules.ts";

/** SPEC §9: case-insensitive containment, first matching rule in order, else the default. */
export function replyToChatMessage(message: string): string {
  const text = message.toLowerCase();
  const rule = chatRules.find(({ keywords }) => keywords.some((keyword) => text.includes(keyword)));
  return rule?.reply ?? defaultChatReply;
}
