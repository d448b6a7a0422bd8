import { reviewRequestEmail as words } from "@bluewater/content/review-request-email";
import { escapeAttribute, escapeText } from "entities/escape";
import { firstNameOf, homeownerBodyStyle } from "./acknowledgmentMessage.ts";
import { type EmailMessage, emailHtml } from "./emailMessage.ts";

const link = (href: string, text: string) =>
  `<a href="${escapeAttribute(href)}">${escapeText(text)}</a>`;

/**
 * The homeowner's review request after a finished job, or its reminder: the business's Google
 * review link, Reply-To the company, and the one-tap link that stops the reminder (the request
 * only: after the reminder nothing else follows). The same words for every job.
 */
export function renderReviewRequest(
  lead: { name: string; email: string },
  links: { review: string; optOut: string },
  options: { reminder: boolean; from: string; replyTo: string },
): EmailMessage {
  const greeting = words.greeting(firstNameOf(lead.name));
  const opening = options.reminder ? words.reminder : words.thanks;
  const optOut = options.reminder ? [] : ["", words.optOut, links.optOut];
  const text = [
    greeting,
    "",
    opening,
    "",
    words.ask,
    links.review,
    "",
    words.reply,
    ...optOut,
    "",
    words.signOff,
  ].join("\n");
  const html = emailHtml(homeownerBodyStyle, [
    `<p>${escapeText(greeting)}</p>`,
    `<p>${escapeText(opening)}</p>`,
    `<p>${escapeText(words.ask)}</p>`,
    `<p><strong>${link(links.review, words.linkText)}</strong></p>`,
    `<p>${escapeText(words.reply)}</p>`,
    ...(options.reminder
      ? []
      : [
          `<p style="color:#475569;font-size:.875em">${escapeText(words.optOut)} ${link(links.optOut, words.optOutLinkText)}</p>`,
        ]),
    `<p>${escapeText(words.signOff)}</p>`,
  ]);
  return {
    from: options.from,
    to: lead.email,
    replyTo: options.replyTo,
    subject: options.reminder ? words.reminderSubject : words.subject,
    text,
    html,
  };
}
