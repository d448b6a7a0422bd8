import { createHash } from "node:crypto";
import {
  about,
  business,
  faq,
  finishing,
  footer,
  gallery,
  hero,
  process,
  services,
  site,
  testimonials,
} from "@bluewater/content";
import { expect, gotoInteractive, test } from "./fixtures.ts";

/** HTML-escape the way React's server renderer does, to find text in the raw markup. */
const inHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

test.describe("the served HTML of /, before any script runs", () => {
  test("contains every section's text", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const texts = [
      hero.headline,
      hero.whyChooseUs.title,
      ...services.flatMap((s) => [s.title, s.description, ...s.features]),
      ...about.story,
      about.promise.quote,
      ...about.badges.map((b) => b.title),
      gallery.heading,
      ...gallery.items.map((item) => item.description),
      ...testimonials.items.map((t) => t.text),
      testimonials.join.title,
      ...finishing.ideas.map((i) => i.title),
      finishing.galleryCta,
      finishing.consultationCta,
      ...process.steps.map((s) => s.title),
      ...faq.items.flatMap((item) => [item.question, item.answer]),
      "Full Name",
      "Phone Number",
      "Email Address",
      "Service Needed",
      "Describe Your Issue",
      "8:00 AM – 6:00 PM",
      footer.credentials,
      footer.copyright,
    ];
    const missing = texts.filter((text) => !html.includes(inHtml(text)));
    expect(missing).toEqual([]);
  });

  test("carries the title, description, canonical, Open Graph image and JSON-LD", async ({
    request,
  }) => {
    const response = await request.get("/");
    const html = await response.text();
    expect(html).toContain(`<title>${inHtml(site.title).replace(/&#x27;/g, "&#39;")}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{80,170}" \/>/);
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/" \/>/);
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/\/og-image\.png$/);
    const image = await request.get(new URL(ogImage ?? "", "http://x").pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");

    const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(jsonLd ?? "{}");
    expect(data["@type"]).toBe("HomeAndConstructionBusiness");
    expect(data.name).toBe(business.name);
    expect(data.telephone).toBe(business.phone.e164);
    expect(data.address.addressLocality).toBe("Marine City");
    expect(data.geo.latitude).toBeCloseTo(42.72, 1);
    expect(data.openingHoursSpecification).toHaveLength(2);
    expect(data.areaServed.map((a: { name: string }) => a.name)).toContain(
      "Chesterfield, Michigan",
    );
    expect(data).not.toHaveProperty("aggregateRating");
  });

  test("runs only inline scripts the served CSP allows by their hashes: the boot script, on the 404 page its log, and the owner page's", async ({
    request,
  }) => {
    const inlineScripts = async (path: string) => {
      const response = await request.get(path);
      const html = await response.text();
      const csp = response.headers()["content-security-policy"] ?? "";
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !attributes?.includes('type="application/ld+json"'),
      );
      for (const [, attributes] of scripts) expect(attributes).not.toContain("src=");
      return {
        allowed: /script-src ([^;]+)/.exec(csp)?.[1]?.split(" ") ?? [],
        hashes: scripts.map(
          ([, , code]) =>
            `'sha256-${createHash("sha256")
              .update(code ?? "")
              .digest("base64")}'`,
        ),
      };
    };
    const home = await inlineScripts("/");
    const notFound = await inlineScripts("/no-such-page");
    // The owner's page (/contacted/) has one inline script too: a host that joins its policy
    // with the site's (docs/local-stack.md) must find it allowed by both.
    const owner = await inlineScripts("/contacted/");
    expect(home.hashes, "the landing page runs the boot script alone").toHaveLength(1);
    expect(notFound.hashes).toHaveLength(2);
    expect(notFound.hashes).toContain(home.hashes[0]);
    expect(owner.hashes).toHaveLength(1);
    expect(home.allowed).toEqual(["'self'", ...notFound.hashes, ...owner.hashes]);
    expect(notFound.allowed).toEqual(home.allowed);
  });
});

test.describe("files for crawlers, browsers and agents", () => {
  test("robots.txt points to the sitemap, which lists the page", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: https:\/\/.+\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain("<loc>https://");
  });

  test("llms.txt has a title, a summary and links", async ({ request }) => {
    const response = await request.get("/llms.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text.startsWith(`# ${business.name}\n`)).toBe(true);
    expect(text).toContain(`> ${site.description}`);
    expect(text).toMatch(/\]\(https:\/\/.+#contact\)/);
  });

  test("the web manifest is linked once the page has painted", async ({ page }) => {
    await gotoInteractive(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
  });

  test("the web manifest and icons exist", async ({ request }) => {
    const manifest = await (await request.get("/site.webmanifest")).json();
    expect(manifest.name).toBe(business.name);
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).status()).toBe(200);
    }
    expect((await request.get("/favicon.svg")).status()).toBe(200);
    expect((await request.get("/icons/apple-touch-icon.png")).status()).toBe(200);
  });
});
