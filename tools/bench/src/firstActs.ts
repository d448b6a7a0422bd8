/// <reference lib="dom" />
/**
 * What a visitor's first act costs until it completes, not only until the tap is painted: on a
 * phone (390 px, touch, CPU 4x slower, 150 ms round trips, 1.6 Mbps, cold cache), our page beside
 * its preloaded variant (the same build, whose app starts right after the first paint), in
 * alternating rounds. Each act is timed from its pointerdown to the first frame that shows what
 * the visitor asked for, and judged by the ratio of the medians.
 */
import {
  contactFormFields,
  contactFunction,
  contactSection,
  contactToasts,
  services,
  servicesSection,
} from "@bluewater/content";
import { chatCopy, chatLauncherCopy, replyToChatMessage } from "@bluewater/content/chat";
import type { Browser, Locator, Page } from "playwright-core";
import { firstPaintAt, phone, recordFirstPaint, slowDown, slowNetwork } from "./browser.ts";
import { alignedRows, ratioCell, ratioOfMedians, spreadCell } from "./comparison.ts";
import { type Spread, spread } from "./lighthouse.ts";
import type { Row } from "./report.ts";
import { readingMs, scriptsWhileReading } from "./scriptBytes.ts";

export type Variant = "ours" | "preloaded";

/** What counts as done: an element matching `selector`, containing `text`, laid out and visible. */
interface Completion {
  selector: string;
  text: string;
  /** The act starts at the first pointerdown on an element matching this. */
  startOn: string;
}

interface Visit {
  page: Page;
  /** Resolves at `ms` after the first contentful paint. */
  at(ms: number): Promise<void>;
}

interface Scenario {
  id: string;
  label: string;
  completion: Completion;
  /** Plays the visitor, up to and including the act that `completion` times. */
  play(visit: Visit): Promise<void>;
  /**
   * Once complete, untimed: proves that what showed works (throws if not), so a look-alike that
   * does nothing is a failure, not a fast act.
   */
  thenWorks?(page: Page): Promise<void>;
  /** False for a row printed for the record, beside the judged ones, with no target. */
  judged?: false;
}

const [quickQuestion = ""] = chatCopy.quickQuestions;
const answerTimeoutMs = 10_000;

/** Waits for the chat's answer to `question` on screen, or fails the act. */
async function expectAnswered(scope: Page | Locator, question: string): Promise<void> {
  await scope
    .getByText(replyToChatMessage(question).text)
    .waitFor({ state: "visible", timeout: answerTimeoutMs })
    .catch(() => {
      throw new Error(`"${question}" was not answered within ${answerTimeoutMs / 1000} s`);
    });
}

/**
 * Done when the first quick question is on screen in the chat: the app's panel, or the chat's
 * first view in the HTML (docs/chat.md). Either must then answer it.
 */
const chatDone = (tapAtMs: number): Scenario => ({
  id: `chat-${tapAtMs / 1000}s`,
  label: `tap on the chat launcher ${tapAtMs / 1000} s after the first paint → quick questions usable`,
  completion: {
    selector: '[role="dialog"] :is(button, summary)',
    text: quickQuestion,
    startOn: "[data-chat-launcher]",
  },
  async play({ page, at }) {
    const launcher = page.getByRole("button", { name: chatLauncherCopy.launcherLabel });
    const box = await launcher.boundingBox();
    if (!box) throw new Error("the chat launcher is not on the page");
    await at(tapAtMs);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  },
  async thenWorks(page) {
    const chat = page.getByRole("dialog", { name: chatCopy.title });
    await chat.getByText(quickQuestion, { exact: true }).tap();
    await expectAnswered(chat, quickQuestion);
    // Answered in the first view, the conversation must go on in the app's panel: its question
    // field, with the answer above it.
    const field = page.getByLabel(chatCopy.inputLabel);
    await field.waitFor({ state: "visible", timeout: answerTimeoutMs }).catch(() => {
      throw new Error(`the app's chat did not take over within ${answerTimeoutMs / 1000} s`);
    });
    await expectAnswered(chat.filter({ has: field }).getByRole("log"), quickQuestion);
  },
});

/**
 * The first view has no question field: a visitor who wants to type waits for the app's panel.
 * Printed for the record: the target is on what the visitor gets at the tap, the quick questions.
 */
const typedQuestion = "do you fix bowing walls";
const chatFieldDone: Scenario = {
  id: "chat-field-1s",
  label: "tap on the chat launcher 1 s after the first paint → question field usable (not judged)",
  completion: { selector: '[role="dialog"] input', text: "", startOn: "[data-chat-launcher]" },
  play: chatDone(1000).play,
  async thenWorks(page) {
    const field = page.getByLabel(chatCopy.inputLabel);
    await field.fill(typedQuestion);
    await field.press("Enter");
    await expectAnswered(page, typedQuestion);
  },
  judged: false,
};

const firstService = services[0];
if (!firstService) throw new Error("the content has no service");

/** The visitor reads the first view for 4 s, scrolls to the services, taps "Learn More" at 5 s. */
const learnMore: Scenario = {
  id: "learn-more-5s",
  label: `"Learn More" tapped 5 s after the first paint (scrolled to at 4 s) → dialog open`,
  completion: {
    selector: "dialog[open]",
    text: firstService.title,
    startOn: "button[aria-haspopup=dialog]",
  },
  async play({ page, at }) {
    await at(4000);
    const button = page.getByRole("button", {
      name: servicesSection.learnMoreLabel(firstService.title),
    });
    await button.evaluate((element) =>
      element.scrollIntoView({ block: "center", behavior: "instant" }),
    );
    const box = await button.boundingBox();
    if (!box) throw new Error(`no visible "Learn More" for ${firstService.title}`);
    await at(5000);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  },
};

/** Done when "Inspection Requested!" shows: the app's toast, or, for a form the browser posted
 * itself, the confirmation the function's redirect lands on. */
const requestSent: Completion = {
  selector: "li, #request-sent",
  text: contactToasts.success.title,
  startOn: 'button[type="submit"]',
};

const visitorDetails = [
  [contactFormFields.name.label, "Bench Visitor"],
  [contactFormFields.phone.label, "(586) 555-0123"],
  [contactFormFields.email.label, "bench@example.com"],
] as const;

/**
 * A key every 100 ms: twice as fast as a quick thumb on a phone's keyboard. Typed with no pause at
 * all, the three fields took 0.7 s on a fast host, and the send then raced the app's start,
 * which no person typing does; a visitor whose phone fills the fields at once is the next act.
 */
const keyIntervalMs = 100;

const formField = (page: Page, label: string) => page.getByLabel(label, { exact: false }).first();
const sendButton = (page: Page) => page.getByRole("button", { name: contactSection.form.submit });

/** The visitor goes to the form 1.5 s after the first paint, types their name, phone and email, and sends. */
const sendForm: Scenario = {
  id: "form",
  label: "form typed from 1.5 s after the first paint, sent → success toast",
  completion: requestSent,
  async play({ page, at }) {
    await at(1500);
    for (const [label, value] of visitorDetails) {
      await formField(page, label).tap();
      await page.keyboard.type(value, { delay: keyIntervalMs });
    }
    await sendButton(page).tap();
  },
};

/**
 * The phone fills the name, phone and email at once (autofill) when the visitor taps the name
 * field 1.5 s after the first paint; they send 1 s later, when the app, started by that tap, may
 * not be running yet (then the browser posts the form itself). Printed for the record, not judged.
 */
const sendAutofilledForm: Scenario = {
  id: "form-autofilled",
  label: "form filled at once at 1.5 s, sent at 2.5 s → confirmation (not judged)",
  completion: requestSent,
  async play({ page, at }) {
    await at(1500);
    const [[firstLabel]] = visitorDetails;
    await formField(page, firstLabel).tap();
    for (const [label, value] of visitorDetails) await formField(page, label).fill(value);
    await at(2500);
    await sendButton(page).tap();
  },
  judged: false,
};

export const scenarios: readonly Scenario[] = [
  chatDone(1000),
  chatFieldDone,
  chatDone(5000),
  sendForm,
  sendAutofilledForm,
  learnMore,
];

/** The scenarios' ids, for `pnpm bench --acts`. */
export const scenarioIds = scenarios.map(({ id }) => id);

type BenchWindow = Window & {
  benchArm(completion: Completion): void;
  benchCompleted(ms: number): void;
};

/**
 * Installed in every document before its own scripts: `benchArm`, which times the next act from its pointerdown to the first frame showing
 * the completion. An armed act survives a navigation (a form the browser posted itself lands on a
 * new document), through sessionStorage.
 */
function installCompletionWatch(): void {
  const w = window as unknown as BenchWindow;
  const key = "bench-completion";
  const watch = (completion: Completion, start: number) => {
    const shown = () =>
      [...document.querySelectorAll<HTMLElement>(completion.selector)].some(
        (element) =>
          element.textContent?.includes(completion.text) &&
          element.getBoundingClientRect().height > 0 &&
          element.checkVisibility(),
      );
    const frame = () => {
      if (!shown()) {
        requestAnimationFrame(frame);
        return;
      }
      sessionStorage.removeItem(key);
      w.benchCompleted(performance.timeOrigin + performance.now() - start);
    };
    requestAnimationFrame(frame);
  };
  w.benchArm = (completion) => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(completion.startOn)) return;
      removeEventListener("pointerdown", onPointerDown, true);
      const start = performance.timeOrigin + event.timeStamp;
      sessionStorage.setItem(key, JSON.stringify({ completion, start }));
      watch(completion, start);
    };
    addEventListener("pointerdown", onPointerDown, true);
  };
  const armed = sessionStorage.getItem(key);
  if (armed) {
    const { completion, start } = JSON.parse(armed) as { completion: Completion; start: number };
    watch(completion, start);
  }
}

/**
 * The contact function, answered in the browser after one 150 ms round trip: JSON for the app's
 * send, a 303 to the page's confirmation for a form the browser posted itself (as the function
 * answers, docs/function.md). A CORS preflight is answered at once.
 *
 * Intercepted through the DevTools protocol for the function's address alone: Playwright's own
 * routing turns the HTTP cache off for the whole page, and the boot script relies on it (it
 * fetches the app's chunks, then imports them from the cache).
 */
async function answerContactFunction(page: Page, siteUrl: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const headers = (entries: Record<string, string>) =>
    Object.entries(entries).map(([name, value]) => ({ name, value }));
  const cors = {
    "access-control-allow-origin": new URL(siteUrl).origin,
    "access-control-allow-headers": "*",
    "access-control-allow-methods": "POST, OPTIONS",
  };
  cdp.on("Fetch.requestPaused", async ({ requestId, request, resourceType }) => {
    const answer = (responseCode: number, extra: Record<string, string>, body = "") =>
      cdp
        .send("Fetch.fulfillRequest", {
          requestId,
          responseCode,
          responseHeaders: headers(extra),
          body: Buffer.from(body).toString("base64"),
        })
        .catch(() => undefined);
    if (request.method === "OPTIONS") return answer(204, cors);
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (resourceType === "Document") {
      return answer(303, { location: `${siteUrl}#request-sent` });
    }
    return answer(
      200,
      { ...cors, "content-type": "application/json" },
      JSON.stringify({ id: "00000000-0000-4000-8000-000000000000" }),
    );
  });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: `*${contactFunction.path}*` }] });
}

const completionTimeoutMs = 20_000;

/** One fresh visit (cold cache) on the slowed phone: the scenario's act, timed to completion. */
async function visitOnce(browser: Browser, siteUrl: string, scenario: Scenario): Promise<number> {
  const context = await browser.newContext(phone);
  try {
    let completed: (ms: number) => void = () => {};
    const completion = new Promise<number>((resolve) => {
      completed = resolve;
    });
    await context.exposeFunction("benchCompleted", (ms: number) => completed(ms));
    await context.addInitScript(recordFirstPaint);
    await context.addInitScript(installCompletionWatch);
    const page = await context.newPage();
    await answerContactFunction(page, siteUrl);
    await slowDown(page, 4);
    await slowNetwork(page);
    await page.goto(siteUrl, { waitUntil: "commit" });
    const fcpAt = await firstPaintAt(page);
    await page.evaluate((done) => (window as unknown as BenchWindow).benchArm(done), {
      ...scenario.completion,
    });
    const at = (ms: number) =>
      new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, fcpAt + ms - Date.now())));
    await scenario.play({ page, at });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`not done ${completionTimeoutMs / 1000} s after the act`)),
        completionTimeoutMs,
      );
    });
    let ms: number;
    try {
      ms = Math.round(await Promise.race([completion, timeout]));
    } finally {
      clearTimeout(timer);
    }
    await scenario.thenWorks?.(page);
    return ms;
  } finally {
    await context.close();
  }
}

/** Script bytes a visitor who only reads is sent in the first `readMs` after the first paint. */
async function readingScriptBytes(browser: Browser, siteUrl: string): Promise<number> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    await slowDown(page, 4);
    await slowNetwork(page);
    return (await scriptsWhileReading(page, siteUrl, readingMs)).gzipBytes;
  } finally {
    await context.close();
  }
}

export interface ActComparison {
  id: string;
  label: string;
  judged: boolean;
  ours: Spread;
  preloaded: Spread;
  /** Runs that did not complete, and why. */
  failures: Record<Variant, string[]>;
}

export interface FirstActsResult {
  rounds: number;
  acts: ActComparison[];
  /** gzip bytes of script while only reading for the first `readMs`, per round. */
  reading: { readMs: number; ours: number[]; preloaded: number[] };
}

export interface FirstActsOptions {
  urls: Record<Variant, string>;
  /** The scenarios to play, by id; all of them when absent. */
  acts?: readonly string[];
  rounds: number;
  launch(): Promise<Browser>;
  log(message: string): void;
}

/**
 * Each round plays every scenario on both pages back to back, the page that goes first
 * alternating from round to round, so the host's drift falls on both alike.
 */
export async function compareFirstActs(options: FirstActsOptions): Promise<FirstActsResult> {
  const { acts } = options;
  const played = acts ? scenarios.filter(({ id }) => acts.includes(id)) : scenarios;
  const times = new Map<string, Record<Variant, number[]>>();
  const failures = new Map<string, Record<Variant, string[]>>();
  for (const scenario of played) {
    times.set(scenario.id, { ours: [], preloaded: [] });
    failures.set(scenario.id, { ours: [], preloaded: [] });
  }
  const reading: FirstActsResult["reading"] = { readMs: readingMs, ours: [], preloaded: [] };
  const browser = await options.launch();
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order: Variant[] = round % 2 === 0 ? ["ours", "preloaded"] : ["preloaded", "ours"];
      options.log(`first acts, round ${round + 1} of ${options.rounds}: ${order.join(", then ")}`);
      for (const scenario of played) {
        for (const variant of order) {
          try {
            const ms = await visitOnce(browser, options.urls[variant], scenario);
            times.get(scenario.id)?.[variant].push(ms);
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            failures.get(scenario.id)?.[variant].push(`round ${round + 1}: ${reason}`);
          }
        }
      }
      for (const variant of order) {
        reading[variant].push(await readingScriptBytes(browser, options.urls[variant]));
      }
    }
  } finally {
    await browser.close();
  }
  return {
    rounds: options.rounds,
    acts: played.map(({ id, label, judged }) => ({
      id,
      label,
      judged: judged !== false,
      ours: spread(times.get(id)?.ours ?? []),
      preloaded: spread(times.get(id)?.preloaded ?? []),
      failures: failures.get(id) ?? { ours: [], preloaded: [] },
    })),
    reading,
  };
}

/** Each act's median may take at most this many times the preloaded variant's. */
export const completionRatioTarget = 1.15;

/** The bench table's rows: each act beside the preloaded variant, and the reader's script bytes. */
export function firstActRows(result: FirstActsResult): Row[] {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const { reading } = result;
  const readingOurs = spread(reading.ours);
  const readingPreloaded = spread(reading.preloaded);
  return alignedRows(
    `First acts on a phone, 4x CPU, 150 ms, 1.6 Mbps, cold (${result.rounds} rounds): ours beside the preloaded variant`,
    ["ours min / median / max", "preloaded min / median / max", "ratio"],
    [
      ...result.acts.map((act) => {
        const ratio = ratioOfMedians(act.ours, act.preloaded);
        const incomplete = act.failures.ours.length;
        return {
          measure: `  ${act.label}, ms${incomplete > 0 ? ` (${incomplete} runs never completed)` : ""}`,
          cells: [
            spreadCell(act.ours, result.rounds),
            spreadCell(act.preloaded, result.rounds),
            ratioCell(ratio),
          ],
          ...(act.judged && {
            target: `median ≤ ${completionRatioTarget} × preloaded's`,
            met: incomplete === 0 && ratio <= completionRatioTarget,
          }),
        };
      }),
      {
        measure: `  script while only reading, the first ${reading.readMs / 1000} s after the first paint (gzip), max / median`,
        cells: [
          `${kb(readingOurs.max)} / ${kb(readingOurs.median)}`,
          `${kb(readingPreloaded.max)} / ${kb(readingPreloaded.median)}`,
          "",
        ],
        target: "0 KB in every round",
        met: readingOurs.runs > 0 && readingOurs.max === 0,
      },
    ],
  );
}

/** The acts that did not complete, one line each: the table alone would hide them. */
export function firstActFailures(result: FirstActsResult): string[] {
  return result.acts.flatMap((act) =>
    (["ours", "preloaded"] as const).flatMap((variant) =>
      act.failures[variant].map((failure) => `${act.label}, ${variant}: ${failure}`),
    ),
  );
}
