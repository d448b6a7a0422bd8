/// <reference lib="dom" />

import { chatCopy, chatLauncherCopy } from "@bluewater/content/chat";
import type { BrowserContextOptions, Page } from "playwright-core";
import { launchChromium, slowDown, visitorActs } from "./browser.ts";

export interface OpenTimes {
  /** Milliseconds from the tap's pointerdown to the frame that paints the open panel. */
  runs: number[];
  minMs: number;
  medianMs: number;
  maxMs: number;
}

export interface ChatOpenTimes {
  desktop: OpenTimes;
  phone: OpenTimes;
}

interface Profile {
  context: BrowserContextOptions;
  /** Chrome DevTools' CPU throttling rate: 4 runs the page four times slower. */
  cpuSlowdown: number;
  tap: (page: Page, x: number, y: number) => Promise<void>;
}

const profiles: Record<keyof ChatOpenTimes, Profile> = {
  desktop: {
    context: { viewport: { width: 1280, height: 800 } },
    cpuSlowdown: 1,
    tap: (page, x, y) => page.mouse.click(x, y),
  },
  phone: {
    context: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    },
    cpuSlowdown: 4,
    tap: (page, x, y) => page.touchscreen.tap(x, y),
  },
};

/** What each profile's median must stay within. */
export const chatOpenTargetsMs: Record<keyof ChatOpenTimes, number> = { desktop: 100, phone: 300 };

type OpeningWindow = Window & { chatOpening?: Promise<number> };

/**
 * Runs in the page: from the next pointerdown, watches each animation frame until the one in
 * which the chat dialog is laid out and visible (the frame that paints it), and keeps the
 * time between them as `window.chatOpening`.
 */
function watchNextOpening(title: string): void {
  const panelIsVisible = () =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].some((dialog) => {
      const label = document.getElementById(dialog.getAttribute("aria-labelledby") ?? "");
      return label?.textContent === title && dialog.getBoundingClientRect().height > 0;
    });
  (window as OpeningWindow).chatOpening = new Promise((resolve) => {
    addEventListener(
      "pointerdown",
      (event) => {
        const watch = () => {
          if (panelIsVisible()) resolve(performance.now() - event.timeStamp);
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      },
      { capture: true, once: true },
    );
  });
}

async function openOnce(siteUrl: string, profile: Profile): Promise<number> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(profile.context);
    const page = await context.newPage();
    await slowDown(page, profile.cpuSlowdown);
    await page.goto(siteUrl);
    await visitorActs(page);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // A visitor reads for a moment before reaching for the chat; a desktop mouse moves meanwhile.
    if (!profile.context.hasTouch) await page.mouse.move(640, 400, { steps: 4 });
    await page.waitForLoadState("networkidle");
    const box = await page
      .getByRole("button", { name: chatLauncherCopy.launcherLabel })
      .boundingBox();
    if (!box) throw new Error("The chat launcher is not on the page.");
    await page.evaluate(watchNextOpening, chatCopy.title);
    await profile.tap(page, box.x + box.width / 2, box.y + box.height / 2);
    return Math.round(await page.evaluate(() => (window as OpeningWindow).chatOpening ?? NaN));
  } finally {
    await browser.close();
  }
}

function summarise(runs: number[]): OpenTimes {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    runs,
    minMs: sorted[0] ?? Number.NaN,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * How long the help chat takes to appear after a tap, on a desktop and on a phone profile
 * (390 px wide, touch, CPU slowed four times), each from a fresh browser and page load.
 */
export async function measureChatOpenTime(siteUrl: string, runs = 5): Promise<ChatOpenTimes> {
  const times = async (profile: Profile) => {
    const measured: number[] = [];
    for (let run = 0; run < runs; run++) measured.push(await openOnce(siteUrl, profile));
    return summarise(measured);
  };
  return { desktop: await times(profiles.desktop), phone: await times(profiles.phone) };
}

/** The bench table's rows for the open times, each against its target. */
export function chatOpenRows(times: ChatOpenTimes) {
  return (Object.keys(profiles) as Array<keyof ChatOpenTimes>).map((name) => {
    const { minMs, medianMs, maxMs } = times[name];
    const label = name === "desktop" ? "desktop" : "phone, 4x slower CPU";
    return {
      measure: `chat panel visible after tap, ${label} (min/median/max)`,
      value: `${minMs} / ${medianMs} / ${maxMs} ms`,
      target: `median ≤ ${chatOpenTargetsMs[name]} ms`,
      met: medianMs <= chatOpenTargetsMs[name],
    };
  });
}
