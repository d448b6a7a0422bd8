/**
 * The page's first script. The HTML is already the whole page and works without any script (its
 * links, menu, service details, FAQ and form are native); the app only makes it nicer. So the app
 * is fetched when the visitor first does something (touches, scrolls, moves the mouse, presses a
 * key, focuses a field), and never before the first frame has been painted: a visitor who only
 * reads the first screen costs the phone no script at all, and one who acts gets the app while the
 * page's own controls already answer. With the app comes the code of what the visitor reached for
 * (the chat's panel, the form's sending code), so the app can open it at
 * once. The app comes in chunks (React, the other libraries, the words, the page), listed by the
 * build in the settings on the script tag (`data-boot`, bootTag.ts) in that order, fetched
 * together and evaluated one per task, so that no single task blocks a tap for long.
 */
import "../styles.css";
import { measureVisit } from "../visit/visitBeacon.ts";
import { type BootSettings, bootTagSelector } from "./bootTag.ts";
import { inTasksOfTheirOwn, pause, startApp } from "./fetchApp.ts";
import { afterFirstPaint } from "./firstPaint.ts";
import { layOutBelowTheHero, layOutNowIfRestoring } from "./layOutBelowTheHero.ts";
import {
  chooseServiceBeforeTheApp,
  followLinksInOverlays,
  invokeCommandsWhereMissing,
  stampOpenedDetails,
  watchTheVisitor,
} from "./visitorActs.ts";

/** The settings the build wrote on the script's tag (bootTag.ts); none in `pnpm dev`. */
function bootSettings(): BootSettings {
  const json = document.querySelector<HTMLScriptElement>(bootTagSelector)?.dataset.boot;
  if (json) return JSON.parse(json) as BootSettings;
  return { chunks: [], onDemand: {}, forReaders: [], readingMs: null, visitUrl: "" };
}

/**
 * The web manifest only matters for "Add to Home Screen"; linked from the HTML, Chrome would fetch
 * it and its icon on the way to the first paint.
 */
function linkWebManifest(): void {
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/site.webmanifest";
  document.head.append(link);
}

/**
 * In-page links glide (the stylesheet's `.smooth-scroll`), but only once the page has loaded and
 * been laid out whole, and the browser has put it where the address or the history says: opened
 * at `/#request-sent`, the visitor must not watch the whole page scroll by, and a glide worked
 * out on the placeholders of sections not yet laid out would end beside its target.
 */
function smoothScrollOnceSettled(): void {
  const enable = () =>
    requestAnimationFrame(() => document.documentElement.classList.add("smooth-scroll"));
  if (document.readyState === "complete") enable();
  else addEventListener("load", enable, { once: true });
}

/**
 * The code loaded on demand that the visitor reached for before the app ran: fetched once the
 * app's own chunks, which it needs first, have arrived, while they are evaluated, so the app finds
 * it in the cache. Once the app runs, it loads what the visitor reaches for itself.
 */
function onDemandPrefetch(chunksByCode: BootSettings["onDemand"]) {
  const wanted = new Set<string>();
  const fetched = new Set<string>();
  let appArrived = false;
  const fetchWanted = () => {
    const hrefs = [...wanted]
      .flatMap((code) => chunksByCode[code] ?? [])
      .filter((href) => !fetched.has(href));
    for (const href of hrefs) fetched.add(href);
    // Only warms the cache: the app imports the code itself and handles a failure.
    void inTasksOfTheirOwn(hrefs, (href) => fetch(href).catch(() => undefined));
  };
  return {
    want(code: string) {
      if (document.documentElement.dataset.hydrated) return;
      wanted.add(code);
      if (appArrived) fetchWanted();
    },
    appArrived() {
      appArrived = true;
      fetchWanted();
    },
  };
}

const never = new Promise<never>(() => undefined);

function main(): void {
  // `pnpm dev` serves modules unbundled: there are no chunks to list, only the entry.
  if (import.meta.env.DEV) {
    void layOutBelowTheHero().then(smoothScrollOnceSettled);
    import("../main.tsx").catch((error: unknown) => console.error(error));
    return;
  }
  const settings = bootSettings();
  const visit = measureVisit(settings.visitUrl);
  const code = onDemandPrefetch(settings.onDemand);
  let actedNow: (value: "acted") => void = () => undefined;
  const acted = new Promise<"acted">((resolve) => {
    actedNow = resolve;
  });
  const visitor = watchTheVisitor(() => {
    visit.acted();
    actedNow("acted");
  }, code.want);
  // The app starts at the visitor's first act (or, where a reading start is set, after it).
  const startWhenDue = async (paintedAt: number | undefined) => {
    linkWebManifest();
    const { readingMs } = settings;
    // A background tab, never painted, waits for an act.
    const read =
      paintedAt === undefined || readingMs === null
        ? never
        : pause(paintedAt + readingMs - performance.now()).then(() => "read" as const);
    if ((await Promise.race([acted, read])) === "read") {
      for (const name of settings.forReaders) code.want(name);
    }
    await startApp(settings.chunks, code.appArrived);
  };
  layOutNowIfRestoring();
  afterFirstPaint((paintedAt) => {
    visitor.actIfScrolled();
    void layOutBelowTheHero().then(smoothScrollOnceSettled);
    startWhenDue(paintedAt).catch((error: unknown) => console.error(error));
  });
}

followLinksInOverlays();
invokeCommandsWhereMissing();
stampOpenedDetails();
chooseServiceBeforeTheApp();
main();
