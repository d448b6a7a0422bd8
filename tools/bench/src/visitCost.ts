import { gzipSync } from "node:zlib";
import { build } from "vite";
import { launchChromium, phone } from "./browser.ts";
import type { Row } from "./report.ts";

/** What measuring visits costs the page (docs/owner-tools.md, "Privacy"). */
export interface VisitCost {
  /** The page's first script as served, and the visit beacon's part of it, minified and gzipped. */
  firstScript: { bytes: number; gzip: number };
  beacon: { bytes: number; gzip: number };
  /**
   * A phone that loads the page and only reads for 10 s: the requests it made for the beacon or
   * the Core Web Vitals code before it was hidden, and the beacons it sent once hidden.
   */
  reader: { beforeHidden: number; atHide: number };
}

const webRoot = new URL("../../../apps/web/", import.meta.url).pathname;
const size = (code: string) => ({
  bytes: Buffer.byteLength(code),
  gzip: gzipSync(code, { level: 9 }).byteLength,
});

/** The beacon's module bundled alone, minified as the build minifies the first script. */
async function beaconBundle(): Promise<string> {
  const output = await build({
    root: webRoot,
    configFile: false,
    logLevel: "silent",
    resolve: { conditions: ["@bluewater/source", "module", "browser", "import", "default"] },
    build: {
      write: false,
      lib: { entry: "src/visit/visitBeacon.ts", formats: ["es"], fileName: "visitBeacon" },
      rolldownOptions: { output: { minify: true } },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && "output" in result ? result.output[0] : undefined;
  if (chunk?.type !== "chunk") throw new Error("the beacon did not build");
  return chunk.code;
}

export async function measureVisitCost(siteUrl: string): Promise<VisitCost> {
  const html = await (await fetch(siteUrl)).text();
  const firstScript = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext(phone)).newPage();
    let beforeHidden = 0;
    let atHide = 0;
    let hidden = false;
    await page.route(/\/visit$/, (route) => {
      if (hidden) atHide += 1;
      return route.fulfill({ status: 204 });
    });
    page.on("request", (request) => {
      const url = request.url();
      if (!hidden && (url.endsWith("/visit") || url.includes("/coreWebVitals-"))) beforeHidden += 1;
    });
    await page.goto(siteUrl);
    await page.waitForTimeout(10_000);
    hidden = true;
    // Headless Chromium never hides a page: it is told it is, as a phone tells it.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    });
    await page.waitForTimeout(1000);
    return {
      firstScript: size(firstScript),
      beacon: size(await beaconBundle()),
      reader: { beforeHidden, atHide },
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;

export function visitCostRows(cost: VisitCost): Row[] {
  return [
    {
      measure: "the visit beacon in the page's first script: minified / gzip (the whole script)",
      value: `${kb(cost.beacon.bytes)} / ${kb(cost.beacon.gzip)} (${kb(cost.firstScript.bytes)} / ${kb(cost.firstScript.gzip)})`,
      target: "≤ 1 KB as sent (gzip)",
      met: cost.beacon.gzip <= 1000,
    },
    {
      measure:
        "a phone reading 10 s: requests for the beacon or its vitals code before hidden; beacons once hidden",
      value: `${cost.reader.beforeHidden}; ${cost.reader.atHide}`,
      target: "0; 1",
      met: cost.reader.beforeHidden === 0 && cost.reader.atHide === 1,
    },
  ];
}
