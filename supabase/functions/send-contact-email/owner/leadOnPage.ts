import { type LeadContact, type LeadOnPage, serviceOptionLabel } from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { showHidden, visibleLines } from "../../_shared/leadText.ts";
import type { LeadForEmail } from "../outbox/messages/emailMessage.ts";
import { localTime } from "../outbox/messages/localTime.ts";
import { telHref } from "../outbox/messages/phoneNumber.ts";

/**
 * The lead as the owner's page shows it (docs/owner-tools.md): every hidden character of the
 * visitor's text shown as its code, the message as lines, the number as a tel: link of digits
 * only. The page puts each value in as text, so no character of it can act there either.
 */
export function leadOnPage(lead: LeadForEmail): LeadOnPage {
  return {
    name: showHidden(lead.name),
    phone: showHidden(lead.phone),
    phoneHref: telHref(lead.phone),
    email: showHidden(lead.email),
    service: serviceOptionLabel(lead.service) || words.noService,
    received: localTime(lead.created_at),
    message: lead.message === "" ? [words.noMessage] : visibleLines(lead.message),
  };
}

export function leadContact(contactedAt: Date, secondsToContact: number): LeadContact {
  return { at: localTime(contactedAt), secondsToContact };
}
