import type { EmailMessage } from "../emailMessage.ts";
import type { EmailProvider, SendResult } from "./emailProvider.ts";

export interface LoggedEmail {
  idempotencyKey: string;
  messageId: string;
  sentAt: string;
  message: EmailMessage;
}

/**
 * The local default: nothing leaves the machine. Each message is printed, kept in `sent` (tests
 * read it) and, when a file is configured, appended to it as one JSON line.
 */
export function logProvider(options: { file?: string | undefined; print?: boolean } = {}) {
  const sent: LoggedEmail[] = [];
  const provider: EmailProvider & { sent: LoggedEmail[] } = {
    name: "log",
    sent,
    async send(message: EmailMessage, idempotencyKey: string): Promise<SendResult> {
      const entry: LoggedEmail = {
        idempotencyKey,
        messageId: `log-${crypto.randomUUID()}`,
        sentAt: new Date().toISOString(),
        message,
      };
      sent.push(entry);
      if (options.print !== false) {
        console.log(
          [
            `[email] To: ${message.to}`,
            `[email] Reply-To: ${message.replyTo ?? "(none)"}`,
            `[email] Subject: ${message.subject}`,
            ...message.text.split("\n").map((line) => `[email] ${line}`),
          ].join("\n"),
        );
      }
      if (options.file) {
        await Deno.writeTextFile(options.file, `${JSON.stringify(entry)}\n`, { append: true });
      }
      return { ok: true, messageId: entry.messageId };
    },
  };
  return provider;
}
