import { serviceOptionLabel } from "@bluewater/content/contact";
import { ownerSms } from "@bluewater/content/owner-sms";
import { visitSourceWords } from "@bluewater/content/visit-sources";
import type { LeadForEmail } from "./emailMessage.ts";
import { timeOfDay } from "./localTime.ts";
import { dialableNumber } from "./phoneNumber.ts";
import { clipSms, gsmSegments, smsVisitorText } from "./smsText.ts";

/** The most segments an owner's SMS may take. */
export const maxSmsSegments = 2;

/** How much of the name the first line shows, so the rest of the message still fits. */
export const smsNameLength = 40;

/**
 * The visitor's number as a phone offers to call it: only its digits, written the US way when it
 * is a US number. A stored phone with too few digits is shown as harmless text instead.
 */
export function callableNumber(phone: string): string {
  const number = dialableNumber(phone);
  if (!number) return clipSms(smsVisitorText(phone), 30);
  const { digits, international } = number;
  const suffix = number.extension ? ` ext. ${number.extension}` : "";
  // US: ten digits, or eleven after a country code 1; with a "+", only the latter.
  const us = (
    international ? /^1([0-9]{3})([0-9]{3})([0-9]{4})$/ : /^1?([0-9]{3})([0-9]{3})([0-9]{4})$/
  ).exec(digits);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}${suffix}`;
  return `${international ? "+" : ""}${digits}${suffix}`;
}

export interface SmsOptions {
  /** The second alert, sent once when nobody marked the lead as called in time. */
  escalation: boolean;
  /** The link to the page that marks the lead as called, when the function knows its address. */
  markLink: string | undefined;
  /** Where the visit that sent the lead came from; a direct visit is not said, to save room. */
  source?: string | undefined;
}

/**
 * The owner's SMS for a lead: name, tap-to-call number, service, the start of the message and the
 * link that marks it as called, in the GSM alphabet and at most two segments. The message gives
 * way first, then the name; the link is never cut.
 */
export function renderLeadSms(lead: LeadForEmail, options: SmsOptions): string {
  const lines = (name: string, excerpt: string) =>
    [
      `${options.escalation ? ownerSms.escalation : ownerSms.newLead} ${name}`,
      `${ownerSms.call} ${callableNumber(lead.phone)}`,
      smsVisitorText(serviceOptionLabel(lead.service) || ownerSms.noService),
      ...(options.source && options.source !== visitSourceWords.direct
        ? [`${visitSourceWords.via} ${clipSms(smsVisitorText(options.source), 40)}`]
        : []),
      ...(excerpt ? [`"${excerpt}"`] : []),
      ...(options.markLink ? [`${ownerSms.markCalled} ${options.markLink}`] : []),
    ].join("\n");
  const name = clipSms(smsVisitorText(lead.name), smsNameLength);
  const message = smsVisitorText(lead.message);
  const fits = (text: string) => gsmSegments(text) <= maxSmsSegments;
  if (fits(lines(name, message))) return lines(name, message);
  // The longest start of the message that fits, found by halving.
  const characters = Array.from(message).length;
  let [shortest, longest] = [0, characters];
  while (shortest < longest) {
    const middle = Math.ceil((shortest + longest) / 2);
    if (fits(lines(name, clipSms(message, middle)))) shortest = middle;
    else longest = middle - 1;
  }
  if (shortest >= 10) return lines(name, clipSms(message, shortest));
  // Too little room for a useful excerpt (a long link): leave the message to the email.
  return lines(clipSms(name, 20), "");
}

/**
 * The text that stands for leads whose own texts the hourly budget held back: how many, and
 * since when (the first one's time of day in the business's time zone). Their emails carry them.
 */
export function renderSummarySms(folded: { count: number; since: Date }): string {
  return ownerSms.summary(folded.count, timeOfDay(folded.since));
}
