import type { ServiceOptionValue } from "../contract/serviceOptions.ts";
import { compilePhrase } from "./compilePhrase.ts";
import { normaliseQuestion } from "./normaliseQuestion.ts";
import { type ChatTopic, chatRules, defaultChatReply } from "./rules.ts";

export interface ChatReply {
  topic: ChatTopic | "default";
  text: string;
  /** The service "Request a free inspection" preselects; null leaves the form's choice alone. */
  service: ServiceOptionValue | null;
}

const matchesAny = (patterns: readonly RegExp[], question: string) =>
  patterns.some((pattern) => pattern.test(question));

const compiledRules = chatRules.map((rule) => ({
  rule,
  phrases: rule.phrases.map(compilePhrase),
  notWhen: (rule.notWhen ?? []).map(compilePhrase),
}));

const defaultReply: ChatReply = { topic: "default", text: defaultChatReply, service: null };

/**
 * The scripted answer to a visitor's message: the first topic in order with a phrase in the
 * normalised message (and none of its `notWhen` phrases), unless a later matching topic
 * outranks it; the default when none matches. Rules and examples: docs/chat.md.
 */
export function replyToChatMessage(message: string): ChatReply {
  const question = normaliseQuestion(message);
  const matching = compiledRules
    .filter(
      ({ phrases, notWhen }) => matchesAny(phrases, question) && !matchesAny(notWhen, question),
    )
    .map(({ rule }) => rule);
  const first = matching[0];
  if (!first) return defaultReply;
  const chosen = matching.find((rule) => rule.outranks?.includes(first.topic)) ?? first;
  return { topic: chosen.topic, text: chosen.reply, service: chosen.service };
}
