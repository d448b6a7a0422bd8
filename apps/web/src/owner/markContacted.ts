import {
  type LeadForPage,
  type LeadMarked,
  type LeadOnPage,
  type MarkContactedRefusalReason,
  markContactedRoute,
  readMarkContactedFragment,
} from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { leadOutcomePanel } from "./leadOutcomePanel.ts";
import { ask } from "./ownerApi.ts";
import { actionButton, buttonClass, element, headingClass } from "./ownerPageDom.ts";

/**
 * The owner's page that each alert links to (`/contacted/#<lead>.<token>`, docs/owner-tools.md):
 * its only script, inlined by the build. It reads the lead and its token from the address's
 * fragment, which the browser never sends to any server, asks the function for the lead in JSON
 * (the token in a header), and marks it as called only when the button is pressed. Once the lead
 * is called, the steps after the call follow (leadOutcomePanel.ts). Every value goes in as text:
 * nothing the visitor typed can act here.
 */

const main = document.getElementById("lead");

/** Replaces the page's content and moves focus to its heading, so a screen reader reads it. */
function show(...nodes: HTMLElement[]): void {
  main?.replaceChildren(...nodes);
  const heading = main?.querySelector("h1");
  heading?.setAttribute("tabindex", "-1");
  heading?.focus();
}

function outcome(done: boolean, heading: string, detail: string, action?: HTMLElement): void {
  const tone = done ? "border-success" : "border-destructive";
  show(
    element("h1", headingClass, heading),
    element("p", `rounded-md border-l-4 ${tone} bg-white px-4 py-3 font-semibold`, detail),
    ...(action ? [action] : []),
  );
}

function refused(reason: MarkContactedRefusalReason, days: number | undefined): void {
  const said = reason === "expired" ? words.expired.detail(days ?? 7) : words[reason].detail;
  outcome(false, words[reason].heading, said);
}

function alreadyMarked(
  link: { leadId: string; token: string },
  contacted: { at: string; secondsToContact: number },
): void {
  const detail = words.alreadyMarked.detail(contacted.at, contacted.secondsToContact);
  outcome(true, words.alreadyMarked.heading, detail, afterTheCall(link));
}

/** A called lead's steps after the call, on the same link. */
function afterTheCall(link: { leadId: string; token: string }): HTMLElement {
  return leadOutcomePanel(link.leadId, link.token, refused);
}

function offline(again: () => void): void {
  const retry = actionButton(buttonClass, words.offline.retry, again);
  outcome(false, words.offline.heading, words.offline.detail, retry);
}

function leadDetails(lead: LeadOnPage): HTMLElement {
  const { labels } = words;
  const list = element(
    "dl",
    "grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-xl border border-border bg-white p-5 [overflow-wrap:anywhere]",
  );
  const phone = lead.phoneHref
    ? Object.assign(element("a", "font-bold text-brand-700 underline", lead.phone), {
        href: lead.phoneHref,
      })
    : element("span", "", lead.phone);
  const message = element("div", "");
  for (const [index, line] of lead.message.entries()) {
    if (index > 0) message.append(document.createElement("br"));
    message.append(line);
  }
  const rows: Array<[string, string | HTMLElement]> = [
    [labels.name, lead.name],
    [labels.phone, phone],
    [labels.email, lead.email],
    [labels.service, lead.service],
    [labels.received, lead.received],
    [labels.message, message],
  ];
  for (const [label, value] of rows) {
    const dd = element("dd", "m-0");
    dd.append(value);
    list.append(element("dt", "font-semibold text-muted-foreground", label), dd);
  }
  return list;
}

async function mark(leadId: string, token: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  button.textContent = words.submitting;
  const answer = await ask("POST", markContactedRoute, leadId, token);
  if (answer.kind === "offline") return offline(() => void mark(leadId, token, button));
  if (answer.kind === "refused") return refused(answer.reason, answer.days);
  const { outcome: result, contacted } = answer.body as LeadMarked;
  if (result === "already") return alreadyMarked({ leadId, token }, contacted);
  const detail = words.marked.detail(contacted.secondsToContact);
  outcome(true, words.marked.heading, detail, afterTheCall({ leadId, token }));
}

async function open(leadId: string, token: string): Promise<void> {
  show(element("p", "text-muted-foreground", words.loading));
  const answer = await ask("GET", markContactedRoute, leadId, token);
  if (answer.kind === "offline") return offline(() => void open(leadId, token));
  if (answer.kind === "refused") return refused(answer.reason, answer.days);
  const page = answer.body as LeadForPage;
  if (page.lead === null) return alreadyMarked({ leadId, token }, page.contacted);
  const button: HTMLButtonElement = actionButton(buttonClass, words.submit, () => {
    void mark(leadId, token, button);
  });
  show(
    element("h1", headingClass, words.heading),
    element("p", "", words.intro),
    leadDetails(page.lead),
    button,
  );
}

const link = readMarkContactedFragment(location.hash);
if (link) void open(link.leadId, link.token);
else refused("incomplete", undefined);
