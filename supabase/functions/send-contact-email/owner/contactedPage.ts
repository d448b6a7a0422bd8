import { serviceOptionLabel } from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { escapeText, escapeUTF8 } from "entities/escape";
import { showHidden, visibleLines } from "../../_shared/leadText.ts";
import { tokenField } from "../outbox/contactLink.ts";
import type { LeadForEmail } from "../outbox/messages/emailMessage.ts";
import { localTime } from "../outbox/messages/localTime.ts";
import { telHref } from "../outbox/messages/phoneNumber.ts";
import { contactedPageStyle, pageHead } from "../pages/answerPageStyle.ts";

export type ContactedPageContent =
  /** The GET of a valid link: the lead, and the button whose POST marks it. */
  | { kind: "confirm"; lead: LeadForEmail; action: string; token: string }
  /** What happened, or why nothing did. */
  | { kind: "outcome"; done: boolean; heading: string; detail: string };

function leadDetails(lead: LeadForEmail): string {
  const { labels } = words;
  const phone = escapeText(showHidden(lead.phone));
  const href = telHref(lead.phone);
  const message = lead.message === "" ? [words.noMessage] : visibleLines(lead.message);
  const rows: Array<[string, string]> = [
    [labels.name, escapeText(showHidden(lead.name))],
    [labels.phone, href ? `<a href="${escapeUTF8(href)}">${phone}</a>` : phone],
    [labels.email, escapeText(showHidden(lead.email))],
    [labels.service, escapeText(serviceOptionLabel(lead.service) || words.noService)],
    [labels.received, escapeText(localTime(lead.created_at))],
    [labels.message, message.map(escapeText).join("<br>")],
  ];
  return `<dl class="lead">${rows.map(([label, value]) => `<dt>${escapeText(label)}</dt><dd>${value}</dd>`).join("")}</dl>`;
}

function main(content: ContactedPageContent): string[] {
  if (content.kind === "outcome") {
    return [
      `<h1>${escapeText(content.heading)}</h1>`,
      `<p class="${content.done ? "done" : "reason"}">${escapeText(content.detail)}</p>`,
    ];
  }
  return [
    `<h1>${escapeText(words.heading)}</h1>`,
    `<p>${escapeText(words.intro)}</p>`,
    leadDetails(content.lead),
    `<form class="mark" method="post" action="${escapeUTF8(content.action)}">`,
    `<input type="hidden" name="${tokenField}" value="${escapeUTF8(content.token)}">`,
    `<button type="submit">${escapeText(words.submit)}</button>`,
    `</form>`,
  ];
}

/**
 * The page the owner's alerts link to, in the answer page's look: no script, every piece of the
 * lead's text escaped (entities, as everywhere) and shown as docs/owner-tools.md says.
 */
export function renderContactedPage(content: ContactedPageContent): string {
  return [
    ...pageHead({ lang: words.lang, title: words.title, style: contactedPageStyle }),
    `<body><header><span>${escapeText(words.businessName)}</span></header>`,
    `<main>`,
    ...main(content),
    `</main></body></html>`,
  ].join("\n");
}
