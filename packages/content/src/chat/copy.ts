import { business } from "../copy/business.ts";

/** Every word of the help chat's panel; its behaviour is described in docs/chat.md. */
export const chatCopy = {
  title: `${business.shortName} Help`,
  subtitle: "Quick answers, any time",
  greeting:
    "Hi! I'm the Blue Water helper. Ask me about costs, timing, our warranty or anything basement-related, or pick a question below.",
  quickQuestionsLabel: "Common questions",
  quickQuestions: [
    "What's your warranty?",
    "How much does it cost?",
    "How long does it take?",
    "Do you handle emergencies?",
  ],
  inputLabel: "Your question",
  inputPlaceholder: "Type your question…",
  /** Longer messages are cut at the field; the scripted answers need a few words at most. */
  inputMaxLength: 500,
  send: "Send",
  close: "Close chat",
  typing: "Typing…",
  botName: `${business.shortName} helper`,
  userName: "You",
  logLabel: "Conversation",
} as const;

/** The bot answers a second after a message; a clicked quick question goes out after 100 ms. */
export const chatTiming = {
  replyDelayMs: 1000,
  quickQuestionDelayMs: 100,
} as const;
