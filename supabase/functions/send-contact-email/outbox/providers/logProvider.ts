import type { EmailMessage } from "../messages/emailMessage.ts";
import type { EmailProvider, SendResult } from "./emailProvider.ts";
import type { SmsAttempt, SmsMessage, SmsProvider } from "./smsProvider.ts";

interface LoggedMessage<Channel extends string, Message> {
  channel: Channel;
  idempotencyKey: string;
  messageId: string;
  sentAt: string;
  message: Message;
}

export type LoggedEmail = LoggedMessage<"email", EmailMessage>;
export type LoggedSms = LoggedMessage<"sms", SmsMessage>;

export interface LogOptions {
  file?: string | undefined;
  print?: boolean;
}

/**
 * Keeps one sent message: printed unless told not to, and appended as one JSON line to the file
 * when one is configured (the local stack's `.data/outbox.jsonl`, shared by email and SMS, each
 * line saying its channel), else in `sent`, where tests read it. With a file nothing stays in
 * memory: the local stack runs for days and would grow with every message.
 */
async function keep<Entry extends LoggedEmail | LoggedSms>(
  entry: Entry,
  sent: Entry[],
  lines: string[],
  options: LogOptions,
): Promise<SendResult> {
  if (!options.file) sent.push(entry);
  if (options.print !== false) {
    console.log(lines.map((line) => `[${entry.channel}] ${line}`).join("\n"));
  }
  if (options.file) {
    await Deno.writeTextFile(options.file, `${JSON.stringify(entry)}\n`, { append: true });
  }
  return { ok: true, messageId: entry.messageId };
}

function logged<Channel extends string, Message>(
  channel: Channel,
  message: Message,
  idempotencyKey: string,
): LoggedMessage<Channel, Message> {
  return {
    channel,
    idempotencyKey,
    messageId: `log-${crypto.randomUUID()}`,
    sentAt: new Date().toISOString(),
    message,
  };
}

/** The local default for email: nothing leaves the machine. */
export function logProvider(options: LogOptions = {}) {
  const sent: LoggedEmail[] = [];
  const provider: EmailProvider & { sent: LoggedEmail[] } = {
    name: "log",
    sent,
    send: (message: EmailMessage, idempotencyKey: string) =>
      keep(
        logged("email", message, idempotencyKey),
        sent,
        [
          `To: ${message.to}`,
          `Reply-To: ${message.replyTo ?? "(none)"}`,
          `Subject: ${message.subject}`,
          ...message.text.split("\n"),
        ],
        options,
      ),
  };
  return provider;
}

/** The local default for SMS: printed and kept like the email, never sent. */
export function logSmsProvider(options: LogOptions = {}) {
  const sent: LoggedSms[] = [];
  const provider: SmsProvider & { sent: LoggedSms[] } = {
    name: "log",
    sent,
    send: (message: SmsMessage, attempt: SmsAttempt) =>
      keep(
        logged("sms", message, attempt.idempotencyKey),
        sent,
        [`To: ${message.to}`, ...message.body.split("\n")],
        options,
      ),
  };
  return provider;
}
