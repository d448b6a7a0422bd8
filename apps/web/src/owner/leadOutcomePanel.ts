import {
  centsOf,
  type LeadOutcomes,
  type LostReason,
  leadOutcomeRoute,
  lostReasons,
  type MarkContactedRefusalReason,
  type OutcomeMark,
  type OutcomeRequest,
  type OutcomeStep,
} from "@bluewater/content/contact";
import { leadOutcomes } from "@bluewater/content/lead-outcomes";
import { ask } from "./ownerApi.ts";
import { actionButton, buttonClass, element } from "./ownerPageDom.ts";

/**
 * The steps after the call on the owner's page (docs/owner-tools.md, "After the call"): each is
 * one tap (the amount typed first for quoted and won), each mark is listed with its time and an
 * Undo while the function still allows one. The panel keeps its place on the page and redraws
 * only its list and buttons, so a tap never moves the page under the thumb; focus goes to what
 * the tap made (the mark's Undo, or the step's button again after an undo).
 */

const words = leadOutcomes.page;
const smallButton =
  "min-h-12 rounded-md border border-navy-900 bg-white px-4 font-semibold text-navy-900 hover:bg-sand-50 disabled:opacity-60";
const inputClass = "min-h-12 w-full rounded-md border border-border bg-white px-3 text-base";

type Refuse = (reason: MarkContactedRefusalReason, days: number | undefined) => void;
type AmountStep = "quoted" | "won";

const markText = (mark: OutcomeMark) =>
  leadOutcomes.markText(mark.step, mark.amountCents, mark.reason);

export function leadOutcomePanel(leadId: string, token: string, refuse: Refuse): HTMLElement {
  const heading = element("h2", "text-xl font-extrabold text-navy-900", words.heading);
  heading.id = "outcomes-heading";
  const body = element("div", "flex flex-col gap-4", words.loading);
  const status = element("p", "min-h-6 font-semibold");
  status.setAttribute("role", "status");
  const panel = element("section", "flex flex-col gap-4 border-t border-border pt-5");
  panel.setAttribute("aria-labelledby", heading.id);
  panel.append(heading, element("p", "", words.intro), body, status);
  const amounts: Record<AmountStep, HTMLInputElement> = {
    quoted: amountInput("quoted"),
    won: amountInput("won"),
  };

  function draw(marks: OutcomeMark[], focusOn?: string): void {
    const marked = new Map(marks.map((mark) => [mark.step, mark]));
    const say = (text: string) => {
      status.textContent = text;
    };
    body.replaceChildren(marksList(marks, send), ...controls(marked, amounts, send, say));
    if (focusOn) body.querySelector<HTMLElement>(`[data-focus="${focusOn}"]`)?.focus();
  }

  async function send(request: OutcomeRequest, label: string): Promise<void> {
    status.textContent = words.saving;
    for (const button of body.querySelectorAll("button")) button.disabled = true;
    const answer = await ask("POST", leadOutcomeRoute, leadId, token, wireBody(request));
    if (answer.kind === "refused") return refuse(answer.reason, answer.days);
    const outcome = answer.kind === "ok" ? (answer.body as Partial<LeadOutcomes>) : undefined;
    if (!outcome?.marks || !outcome.result) {
      status.textContent = words.failed;
      for (const button of body.querySelectorAll("button")) button.disabled = false;
      return;
    }
    status.textContent = words.result[outcome.result](label);
    const undo = request.kind === "undo";
    draw(outcome.marks, undo ? `step-${request.step}` : `undo-${request.step}`);
  }

  void (async () => {
    const answer = await ask("GET", leadOutcomeRoute, leadId, token);
    if (answer.kind === "refused") return refuse(answer.reason, answer.days);
    const marks = answer.kind === "ok" ? (answer.body as Partial<LeadOutcomes>).marks : undefined;
    if (marks) draw(marks);
    else body.textContent = words.failed;
  })();
  return panel;
}

/** The POST body the route reads (leadOutcome.ts): `{ undo: step }` or `{ step, amountCents, reason }`. */
function wireBody(request: OutcomeRequest): Record<string, unknown> {
  if (request.kind === "undo") return { undo: request.step };
  const { step, amountCents, reason } = request;
  return { step, amountCents, reason };
}

type Send = (request: OutcomeRequest, label: string) => Promise<void>;

function marksList(marks: OutcomeMark[], send: Send): HTMLElement {
  if (marks.length === 0) return element("p", "text-muted-foreground", words.none);
  const list = element("ul", "flex flex-col gap-2");
  list.setAttribute("aria-label", words.marksLabel);
  for (const mark of marks) {
    const item = element(
      "li",
      "flex flex-wrap items-center justify-between gap-2 rounded-md bg-white px-4 py-2",
    );
    item.append(element("span", "font-semibold", words.markLine(markText(mark), mark.at)));
    if (mark.undoUntil) {
      const text = markText(mark);
      const undo = actionButton(smallButton, words.undo(text), () => {
        void send({ kind: "undo", step: mark.step }, text);
      });
      undo.dataset.focus = `undo-${mark.step}`;
      item.append(undo);
    }
    list.append(item);
  }
  return list;
}

function amountInput(step: AmountStep): HTMLInputElement {
  const input = element("input", inputClass);
  input.id = `amount-${step}`;
  input.inputMode = "decimal";
  input.autocomplete = "off";
  return input;
}

/** What a step's tap asks for, or undefined when it cannot yet (an amount missing). */
type Ask = () => OutcomeRequest | undefined;

function controls(
  marked: Map<OutcomeStep, OutcomeMark>,
  amounts: Record<AmountStep, HTMLInputElement>,
  send: Send,
  say: (text: string) => void,
): HTMLElement[] {
  const mark =
    (step: OutcomeStep, amountCents: number | null = null, reason: LostReason | null = null): Ask =>
    () => ({ kind: "mark", step, amountCents, reason });
  const tap = (step: OutcomeStep, asks: Ask, text: string, done: boolean, focus: string) => {
    const button = actionButton(
      done ? smallButton : buttonClass,
      done ? words.done(text) : text,
      () => {
        const asked = asks();
        if (asked?.kind === "mark") {
          void send(asked, leadOutcomes.markText(step, asked.amountCents, asked.reason));
        }
      },
    );
    // A marked step cannot be tapped again: its mark is listed above, with its Undo.
    button.disabled = marked.has(step);
    button.dataset.focus = focus;
    return button;
  };
  const plain = (step: OutcomeStep) =>
    tap(step, mark(step), leadOutcomes.steps[step], marked.has(step), `step-${step}`);
  const withAmount = (step: AmountStep) => {
    const input = amounts[step];
    const row = element("div", "grid grid-cols-[1fr_auto] items-end gap-2");
    const label = element("label", "col-span-2 font-semibold", words.amountLabel[step]);
    label.htmlFor = input.id;
    input.disabled = marked.has(step);
    const asks: Ask = () => {
      const cents = centsOf(input.value);
      input.setAttribute("aria-invalid", String(cents === undefined));
      if (cents !== undefined) return mark(step, cents)();
      say(words.badAmount);
      input.focus();
      return undefined;
    };
    row.append(
      label,
      input,
      tap(step, asks, leadOutcomes.steps[step], marked.has(step), `step-${step}`),
    );
    return row;
  };
  const lost = element("fieldset", "flex flex-wrap gap-2");
  lost.append(element("legend", "mb-2 font-semibold", words.lostLegend));
  for (const reason of lostReasons) {
    const text = leadOutcomes.reasons[reason];
    const chosen = marked.get("lost")?.reason === reason;
    const focus = reason === lostReasons[0] ? "step-lost" : `lost-${reason}`;
    lost.append(tap("lost", mark("lost", null, reason), text, chosen, focus));
  }
  return [plain("inspected"), withAmount("quoted"), withAmount("won"), lost, plain("job-done")];
}
