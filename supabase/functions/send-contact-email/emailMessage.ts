import { business } from "@bluewater/content/business.ts";
import { serviceOptionLabel } from "@bluewater/content/serviceOptions.ts";

export interface LeadForEmail {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

export interface EmailMessage {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

/** C0 and C1 controls except tab and newline: stored verbatim, but never put into an email. */
export function isControlCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code <= 0x1f && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}

function replaceControls(text: string, replacement: string): string {
  return Array.from(text, (character) =>
    isControlCharacter(character) ? replacement : character,
  ).join("");
}

const lineBreaks = /[\r\n\t\v\f\u0085\u2028\u2029]+/g;

function printable(text: string): string {
  return replaceControls(text.replace(/\r\n?/g, "\n"), "\uFFFD");
}

/** A header value on one line: a visitor's CR/LF must never start a new header. */
export function singleLine(text: string, maxLength = 200): string {
  const line = replaceControls(text.replace(lineBreaks, " "), "").replace(/ {2,}/g, " ").trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function serviceText(service: string): string {
  return serviceOptionLabel(service) || "Not chosen";
}

/**
 * The email the company receives for a lead: every field, the service's label, Reply-To the
 * visitor so answering reaches them, plain text plus an HTML part where all visitor text is escaped.
 */
export function renderLeadEmail(
  lead: LeadForEmail,
  mailbox: { from: string; to: string },
): EmailMessage {
  const service = serviceText(lead.service);
  const received = lead.createdAt.toISOString();
  const rows: Array<[string, string]> = [
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["Email", lead.email],
    ["Service", service],
    ["Message", lead.message || "(none)"],
    ["Received", received],
    ["Lead id", lead.id],
  ];
  const text = [
    `New inspection request from the ${business.name} website.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${printable(value)}`),
    "",
    "Reply to this email to answer the visitor directly.",
  ].join("\n");
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${label}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(printable(value))}</td></tr>`,
    )
    .join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:system-ui,sans-serif">',
    `<p>New inspection request from the ${escapeHtml(business.name)} website.</p>`,
    `<table>\n${htmlRows}\n</table>`,
    "<p>Reply to this email to answer the visitor directly.</p>",
    "</body></html>",
  ].join("\n");
  return {
    from: mailbox.from,
    to: mailbox.to,
    replyTo: lead.email,
    subject: singleLine(`New inspection request: ${lead.name} — ${service}`),
    text,
    html,
  };
}
