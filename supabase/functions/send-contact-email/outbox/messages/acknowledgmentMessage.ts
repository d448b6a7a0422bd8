import { acknowledgmentEmail as words } from "@bluewater/content/acknowledgment-email";
import { business } from "@bluewater/content/business";
import { escapeText, escapeUTF8 } from "entities/escape";
import { type EmailMessage, emailHtml } from "./emailMessage.ts";

// Letters (any script) with their accents, and the apostrophes and hyphens of names such as
// O'Neil or Anne-Marie: nothing that could be a link, an address, a number or a sentence.
const plainFirstName = /^\p{L}[\p{L}\p{M}'’-]{0,29}$/u;

/**
 * The visitor's first name when it is one plain word of at most 30 letters, else undefined (the
 * email then greets without a name). It is the only text of the visitor's in the email, so that
 * the form cannot be used to send a stranger words of the sender's choosing.
 */
export function firstNameOf(name: string): string | undefined {
  const first = name.trim().split(/\s+/u)[0] ?? "";
  return plainFirstName.test(first) ? first : undefined;
}

/** The look of the homeowner's emails: this one and the review request. */
export const homeownerBodyStyle =
  "margin:0;padding:16px;font-family:system-ui,sans-serif;line-height:1.5;color:#0f1f2e;max-width:640px";

/**
 * The email a homeowner receives right after their request is stored: it arrived, what happens
 * next (a call within 24 hours, in the business hours), the number to call for water coming in
 * now, and Reply-To the company. All its words come from the content package.
 */
export function renderAcknowledgment(
  lead: { name: string; email: string },
  mailbox: { from: string; replyTo: string },
): EmailMessage {
  const greeting = words.greeting(firstNameOf(lead.name));
  const hours = words.hours.map((row) => `${row.days}: ${row.hours}`);
  const text = [
    greeting,
    "",
    words.received,
    "",
    `${words.nextHeading}`,
    words.next,
    ...hours.map((line) => `  ${line}`),
    "",
    words.emergency,
    "",
    words.reply,
    "",
    words.notYou,
    "",
    words.signOff,
  ].join("\n");
  const phone = `<a href="${escapeUTF8(business.phone.href)}">${escapeText(business.phone.display)}</a>`;
  const html = emailHtml(homeownerBodyStyle, [
    `<p>${escapeText(greeting)}</p>`,
    `<p>${escapeText(words.received)}</p>`,
    `<h2 style="font-size:1.1em;margin:1.5em 0 .5em">${escapeText(words.nextHeading)}</h2>`,
    `<p>${escapeText(words.next)}</p>`,
    `<ul>${hours.map((line) => `<li>${escapeText(line)}</li>`).join("")}</ul>`,
    `<p><strong>${escapeText(words.emergency).replace(escapeText(business.phone.display), phone)}</strong></p>`,
    `<p>${escapeText(words.reply)}</p>`,
    `<p style="color:#475569;font-size:.875em">${escapeText(words.notYou)}</p>`,
    `<p>${escapeText(words.signOff)}</p>`,
  ]);
  return {
    from: mailbox.from,
    to: lead.email,
    replyTo: mailbox.replyTo,
    subject: words.subject,
    text,
    html,
  };
}
