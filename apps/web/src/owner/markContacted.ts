import {
  type LeadForPage,
  type LeadMarked,
  type LeadOnPage,
  leadTokenHeader,
  type MarkContactedRefusal,
  type MarkContactedRefusalReason,
  markContactedRoute,
  readMarkContactedFragment,
} from "@bluewater/content/contact";
import { markContactedPage as words } from "@bluewater/content/mark-contacted-page";
import { contactFunctionUrl, supabaseConfig } from "../config/supabaseConfig.ts";

/**
 * The owner's page that each alert links to (`/contacted/#<lead>.<token>`, docs/owner-tools.md):
 * its only script, inlined by the build. It reads the lead and its token from the address's
 * fragment, which the browser never sends to any server, asks the function for the lead in JSON
 * (the token in a header), and marks it as called only when the button is pressed. Every value
 * goes in as text: nothing the visitor typed can act here.
 */

type Answer =
  | { kind: "ok"; status: number; body: unknown }
  | { kind: "refused"; reason: MarkContactedRefusalReason; days: number | undefined }
  | { kind: "offline" };

const main = document.getElementById("lead");

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Replaces the page's content and moves focus to its heading, so a screen reader reads it. */
function show(...nodes: HTMLElement[]): void {
  main?.replaceChildren(...nodes);
  const heading = main?.querySelector("h1");
  heading?.setAttribute("tabindex", "-1");
  heading?.focus();
}

const headingClass = "text-2xl font-extrabold text-navy-900 outline-none";
const buttonClass =
  "min-h-12 rounded-md bg-accent-500 px-6 font-semibold text-navy-950 hover:bg-accent-400 disabled:opacity-60";

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

function alreadyMarked(contacted: { at: string; secondsToContact: number }): void {
  const detail = words.alreadyMarked.detail(contacted.at, contacted.secondsToContact);
  outcome(true, words.alreadyMarked.heading, detail);
}

function offline(again: () => void): void {
  const retry = element("button", buttonClass, words.offline.retry);
  retry.type = "button";
  retry.addEventListener("click", again);
  outcome(false, words.offline.heading, words.offline.detail, retry);
}

async function ask(method: "GET" | "POST", leadId: string, token: string): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${contactFunctionUrl}${markContactedRoute}${leadId}`, {
      method,
      headers: { apikey: supabaseConfig.publishableKey, [leadTokenHeader]: token },
      cache: "no-store",
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
  } catch {
    return { kind: "offline" };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok || response.status === 409) return { kind: "ok", status: response.status, body };
  const refusal = body as Partial<MarkContactedRefusal> | undefined;
  if (refusal?.reason && refusal.reason in statusWords) {
    return { kind: "refused", reason: refusal.reason, days: refusal.days };
  }
  // An answer from something other than the route (a gateway, a proxy): no reason to show.
  return {
    kind: "refused",
    reason: response.status === 503 ? "unavailable" : "unexpected",
    days: undefined,
  };
}

const statusWords: Record<MarkContactedRefusalReason, true> = {
  incomplete: true,
  invalid: true,
  expired: true,
  notFound: true,
  linksOff: true,
  unavailable: true,
  unexpected: true,
};

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
  const answer = await ask("POST", leadId, token);
  if (answer.kind === "offline") return offline(() => void mark(leadId, token, button));
  if (answer.kind === "refused") return refused(answer.reason, answer.days);
  const { outcome: result, contacted } = answer.body as LeadMarked;
  if (result === "already") return alreadyMarked(contacted);
  outcome(true, words.marked.heading, words.marked.detail(contacted.secondsToContact));
}

async function open(leadId: string, token: string): Promise<void> {
  show(element("p", "text-muted-foreground", words.loading));
  const answer = await ask("GET", leadId, token);
  if (answer.kind === "offline") return offline(() => void open(leadId, token));
  if (answer.kind === "refused") return refused(answer.reason, answer.days);
  const page = answer.body as LeadForPage;
  if (page.lead === null) return alreadyMarked(page.contacted);
  const button = element("button", buttonClass, words.submit);
  button.type = "button";
  button.addEventListener("click", () => void mark(leadId, token, button));
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
