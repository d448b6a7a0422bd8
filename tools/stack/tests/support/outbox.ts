import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** One line of the log providers' outbox (`<data>/outbox.jsonl`): an email or a text. */
export type OutboxLine =
  | { channel: "email"; sentAt: string; message: { to: string; subject: string; text: string } }
  | { channel: "sms"; sentAt: string; message: { to: string; body: string } };

/** Everything the stack's log providers sent so far. */
export async function outbox(dataDir: string): Promise<OutboxLine[]> {
  const text = await readFile(join(dataDir, "outbox.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** Reads the outbox until `found` holds, for at most `seconds`. */
export async function outboxUntil(
  dataDir: string,
  found: (lines: OutboxLine[]) => boolean,
  seconds: number,
): Promise<OutboxLine[]> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const lines = await outbox(dataDir);
    if (found(lines)) return lines;
    if (Date.now() > deadline) throw new Error(`not in the outbox after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mark-called link of the owner's text about `leadId`, waiting for it to be sent. */
export async function markCalledLink(dataDir: string, leadId: string): Promise<string> {
  const isIt = (line: OutboxLine) => line.channel === "sms" && line.message.body.includes(leadId);
  const lines = await outboxUntil(dataDir, (all) => all.some(isIt), 10);
  const text = lines.find(isIt);
  const link = /Mark called: (\S+)$/.exec(text?.channel === "sms" ? text.message.body : "")?.[1];
  if (!link) throw new Error(`the text about ${leadId} carries no link`);
  return link;
}
