import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test as base, expect } from "./fixtures.ts";

/**
 * On a slow connection the HTML arrives in parts and Chrome paints the top of the page before the
 * rest has come. The app's code must not be asked for until the first view, the hero, is on
 * screen: fetched earlier, it competes with the hero for the phone's connection.
 */

const secondPartDelayMs = 600;

/**
 * The site behind a small proxy that sends the page's HTML in two parts, the second after a
 * pause, and everything else as the site does. The test's base URL is the proxy.
 */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  baseURL: async ({}, use) => {
    const site = String(base.info().project.use.baseURL);
    const html = await (await fetch(`${site}/`)).text();
    // The first part ends inside the hero, after its heading: the top bar and the heading paint.
    const cut = html.indexOf("</h1>") + "</h1>".length;
    const server = createServer(async (request, response) => {
      if (request.url === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), secondPartDelayMs);
        return;
      }
      const upstream = await fetch(new URL(request.url ?? "/", site));
      response.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
      });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await use(`http://127.0.0.1:${port}`);
    server.close();
  },
});

test("the app's code is asked for only after a frame with the whole first view", async ({
  page,
}) => {
  // When each frame began, by the page's clock, from the first frame on.
  await page.addInitScript(() => {
    const frameStarts: number[] = [];
    (window as unknown as { frameStarts: number[] }).frameStarts = frameStarts;
    const record = (time: number) => {
      frameStarts.push(time);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  // The visitor moves the mouse from the moment the page starts to arrive: the app's start is
  // asked for by their first act, which must still wait for the whole first view.
  await page.goto("/", { waitUntil: "commit" });
  let acting = true;
  const moving = (async () => {
    for (let step = 1; acting; step++) {
      await page.mouse.move(2 + (step % 40), 2);
      await page.waitForTimeout(20);
    }
  })();
  const firstChunkRequest = () =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/assets/"))
        .map((entry) => entry.startTime),
    );
  await expect.poll(() => page.evaluate(firstChunkRequest)).toBeLessThan(Number.POSITIVE_INFINITY);
  acting = false;
  await moving;
  const firstRequest = await page.evaluate(firstChunkRequest);
  const seen = await page.evaluate(() => ({
    topPainted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    parsed: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
      .domInteractive,
    frameStarts: (window as unknown as { frameStarts: number[] }).frameStarts,
  }));
  expect(seen.topPainted, "the top of the page painted first").toBeGreaterThan(0);
  expect(seen.topPainted).toBeLessThan(seen.parsed);
  // The whole page is parsed; a frame draws it; only after that frame is the app asked for.
  const framesBetween = seen.frameStarts.filter((t) => t > seen.parsed && t < firstRequest);
  expect(
    framesBetween.length,
    "frames between the parse and the first request",
  ).toBeGreaterThanOrEqual(2);
});
