// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { about, process, testimonials } from "@bluewater/content";
import { describe, expect, it } from "vitest";

const dist = new URL("../../dist/", import.meta.url).pathname;
const assets = join(dist, "assets");

/** The /assets/ files a text names: script tags, the boot script's chunk list, JS imports. */
function assetsNamedIn(text: string): string[] {
  const absolute = [...text.matchAll(/\/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1] ?? "");
  const relative = [...text.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)].map(
    (m) => m[1] ?? "",
  );
  return [...absolute, ...relative];
}

function builtFile(name: string): string {
  if (!existsSync(assets)) throw new Error(`No build in ${dist}: run pnpm build first.`);
  return readFileSync(join(dist, name), "utf8");
}

describe("the built site", () => {
  it("ships only asset files that the pages load, directly or through other assets", () => {
    const reached = new Set<string>();
    const pending = ["index.html", "404.html"].flatMap((page) => assetsNamedIn(builtFile(page)));
    while (pending.length > 0) {
      const name = pending.pop() ?? "";
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(...assetsNamedIn(readFileSync(join(assets, name), "utf8")));
    }
    const shipped = readdirSync(assets);
    expect(shipped.filter((name) => !reached.has(name))).toEqual([]);
    expect(shipped.length).toBeGreaterThan(5);
  });

  it("ships the words of the parts the app keeps as served in the HTML, not in any script", () => {
    // About, the reviews and "How it works" have nothing for the app to do (src/app/HomePage.tsx).
    const words = [
      ...about.story,
      ...testimonials.items.map((review) => review.text),
      ...process.steps.map((step) => step.text),
    ];
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    const carried = scripts.flatMap((name) => {
      const script = readFileSync(join(assets, name), "utf8");
      return words.filter((text) => script.includes(text)).map((text) => `${name}: ${text}`);
    });
    expect(carried).toEqual([]);
    expect(scripts.length).toBeGreaterThan(5);
  });
});
