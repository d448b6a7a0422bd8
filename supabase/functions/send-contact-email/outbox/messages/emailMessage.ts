import { serviceOptionLabel } from "@bluewater/content/contact";
import { ownerEmail } from "@bluewater/content/owner-email";
import { escapeText, escapeUTF8 } from "entities/escape";
import { clipText, showHidden, visibleLines, visitorLabel } from "../../../_shared/leadText.ts";
import type { ContactRequestRow } from "../../../_shared/tableRows.ts";
import { localTime } from "./localTime.ts";

export type LeadForEmail = Pick<
  ContactRequestRow,
  "id" | "created_at" | "name" | "email" | "phone" | "service" | "message"
>;

export interface EmailMessage {
  from: string;
  to: string;
  /** The visitor's address, when it is one plain address a header can carry. */
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
}

/** An email's HTML document: `body`'s lines inside a body styled by `bodyStyle`. */
export function emailHtml(bodyStyle: string, body: readonly string[]): string {
  return [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body style="${bodyStyle}">`,
    ...body,
    "</body></html>",
  ].join("\n");
}

/** How much of the name the subject shows, so the service always fits after it. */
export const subjectNameLength = 150;

// Anything a header could act on: whitespace, controls, format characters, the separators of
// address lists and display names. An address stored before the form refused such text must
// neither reach the Reply-To header nor make the provider refuse the whole email.
const plainAddress =
  /^[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+@[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

// The start of an RFC 2047 encoded-word, `=?charset?B?` or `=?charset?Q?`.
const encodedWordStart = /=\?(?=[^?\s]*\?[BbQq]\?)/g;

/**
 * A mail client decodes `=?UTF-8?B?…?=` in a subject that reaches it as plain ASCII, so a
 * visitor's name could smuggle in text nobody typed; a space after the `=` breaks that syntax
 * and the owner reads what was sent.
 */
function breakEncodedWords(text: string): string {
  return text.replace(encodedWordStart, "= ?");
}

function serviceText(service: string): string {
  return serviceOptionLabel(service) || ownerEmail.noService;
}

// Fixed widths and wrapping anywhere: a 2,000-character word wraps instead of widening the email.
const wrapAnywhere = "overflow-wrap:anywhere;word-break:break-word";
const bodyStyle = `margin:0;padding:16px;font-family:system-ui,sans-serif;${wrapAnywhere}`;
const tableStyle = "width:100%;max-width:640px;table-layout:fixed;border-collapse:collapse";
const labelStyle = "width:96px;padding:4px 12px 4px 0;text-align:left;vertical-align:top";
const valueStyle = `padding:4px 0;vertical-align:top;${wrapAnywhere}`;
// The site's error colour (packages/ui's destructive), so the notice is read before the lead.
const noticeStyle = "padding:8px 12px;border-left:4px solid #b42318;font-weight:600";
// The site's amber button (packages/ui's accent), so the one action stands out on a phone.
const linkStyle =
  "display:inline-block;padding:10px 16px;border-radius:8px;background:#f59e0b;color:#041a2b;font-weight:600;text-decoration:none";

/** One plain address, which a header can carry as it is (see `plainAddress`). */
export function isPlainAddress(address: string): boolean {
  return plainAddress.test(address);
}

export interface LeadEmailOptions {
  /** Set for the escalation: the minutes of business hours nobody marked the lead in. */
  escalationMinutes?: number | undefined;
  /** The link to the page that marks the lead as called, when the function knows its address. */
  markLink?: string | undefined;
  /** Where the visit that sent the lead came from, as the owner reads it ("Google Ads"). */
  source?: string | undefined;
  notes?: OwnerNotes | undefined;
  /** Sent again without the visitor's address as Reply-To, which the provider refused. */
  withoutReplyTo?: boolean | undefined;
  /** Set on the one alert a day that says the scheduled deliverer stopped, and since when. */
  delivererStopped?: { lastRunAt: Date | null } | undefined;
}

/** An owner's text that did not arrive, even sent a second time. */
export interface UndeliveredText {
  name: string;
  received: Date;
  number: string;
  status: string;
  errorCode: string | null;
}

/** What the owner should know beside the lead, each said when set. */
export interface OwnerNotes {
  /** This lead's text was folded into a summary: the budget of texts per hour. */
  textFolded?: number | undefined;
  /** This lead's visitor got no acknowledgment: the cap of acknowledgments per hour. */
  acknowledgmentWithheld?: number | undefined;
  /** Texts about leads (this or others) that the carrier reported as not arrived. */
  undeliveredTexts?: readonly UndeliveredText[] | undefined;
}

/** The notes as paragraphs, the undelivered texts as a heading and its list, visitor text shown safely. */
function noteParagraphs(notes: OwnerNotes): { paragraphs: string[]; list: string[] } {
  const paragraphs = [
    ...(notes.textFolded ? [ownerEmail.textFolded(notes.textFolded)] : []),
    ...(notes.acknowledgmentWithheld
      ? [ownerEmail.acknowledgmentWithheld(notes.acknowledgmentWithheld)]
      : []),
  ];
  const list = (notes.undeliveredTexts ?? []).map((text) =>
    ownerEmail.undeliveredText({
      name: clipText(showHidden(text.name), subjectNameLength),
      received: localTime(text.received),
      number: text.number,
      reason: ownerEmail.undeliveredReason(text.status, text.errorCode),
    }),
  );
  return { paragraphs, list };
}

/**
 * The email the company receives for a lead: every field, the service's label, Reply-To the
 * visitor so answering reaches them, plain text plus HTML, and the link that marks the lead as
 * called. The visitor's text is shown as docs/owner-tools.md describes: hidden characters as
 * their codes, the message's lines indented in the text part so no line of it can pose as a field.
 */
export function renderLeadEmail(
  lead: LeadForEmail,
  mailbox: { from: string; to: string },
  options: LeadEmailOptions = {},
): EmailMessage {
  const service = serviceText(lead.service);
  const replyTo = isPlainAddress(lead.email) && !options.withoutReplyTo ? lead.email : undefined;
  const { labels } = ownerEmail;
  const escalation = options.escalationMinutes !== undefined;
  const intro = escalation
    ? ownerEmail.escalationIntro(options.escalationMinutes ?? 0)
    : ownerEmail.intro;
  const { markLink } = options;
  const notice = options.delivererStopped
    ? [
        ownerEmail.delivererStopped(options.delivererStopped.lastRunAt?.toISOString()),
        ownerEmail.delivererFix,
      ]
    : [];
  const fields: Array<[string, string]> = [
    [labels.name, showHidden(lead.name)],
    [labels.phone, showHidden(lead.phone)],
    [labels.email, showHidden(lead.email)],
    [labels.service, service],
    ...(options.source ? [[labels.source, visitorLabel(options.source)] as [string, string]] : []),
    [labels.received, lead.created_at.toISOString()],
    [labels.leadId, lead.id],
  ];
  const message = lead.message === "" ? [ownerEmail.noMessage] : visibleLines(lead.message);
  const outro = replyTo ? ownerEmail.replyReachesVisitor : ownerEmail.replyGoesNowhere;
  const notes = noteParagraphs(options.notes ?? {});
  const undelivered = notes.list.length > 0 ? [ownerEmail.undeliveredTexts] : [];
  const text = [
    ...notice.flatMap((line) => [line, ""]),
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    `${labels.message}:`,
    ...message.map((line) => (line === "" ? "" : `  ${line}`)),
    "",
    ...notes.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(notes.list.length > 0
      ? [...undelivered, ...notes.list.map((line) => `  - ${line}`), ""]
      : []),
    ...(markLink ? [`${ownerEmail.markCalled}: ${markLink}`, ""] : []),
    outro,
  ].join("\n");
  const row = (label: string, valueHtml: string) =>
    `<tr><th style="${labelStyle}">${label}</th><td style="${valueStyle}">${valueHtml}</td></tr>`;
  const html = emailHtml(bodyStyle, [
    ...notice.map((line) => `<p style="${noticeStyle}">${escapeText(line)}</p>`),
    `<p>${escapeText(intro)}</p>`,
    `<table role="presentation" style="${tableStyle}">`,
    ...fields.map(([label, value]) => row(label, escapeText(value))),
    row(labels.message, message.map(escapeText).join("<br>")),
    "</table>",
    ...notes.paragraphs.map((paragraph) => `<p>${escapeText(paragraph)}</p>`),
    ...undelivered.map((heading) => `<p>${escapeText(heading)}</p>`),
    ...(notes.list.length > 0
      ? [`<ul>${notes.list.map((line) => `<li>${escapeText(line)}</li>`).join("")}</ul>`]
      : []),
    ...(markLink
      ? [
          `<p><a href="${escapeUTF8(markLink)}" style="${linkStyle}">${escapeText(ownerEmail.markCalled)}</a></p>`,
        ]
      : []),
    `<p>${escapeText(outro)}</p>`,
  ]);
  return {
    from: mailbox.from,
    to: mailbox.to,
    replyTo,
    subject: breakEncodedWords(
      `${escalation ? ownerEmail.escalationSubjectPrefix : ownerEmail.subjectPrefix}: ${clipText(showHidden(lead.name), subjectNameLength)} — ${service}`,
    ),
    text,
    html,
  };
}
