import { describe, expect, it } from "vitest";
import { readSupabaseConfig } from "../../src/config/supabaseConfig.ts";
import { newRequestId } from "../../src/contact/newRequestId.ts";
import { documentHead } from "../../src/prerender/documentHead.ts";
import { headersFile } from "../../src/prerender/headersFile.ts";
import { siteFiles } from "../../src/prerender/siteFiles.ts";
import { serializeJsonLd } from "../../src/prerender/structuredData.ts";

const siteUrl = "https://example.test";
const faviconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg"><title>Mark</title> <path d="M0 0"/></svg>';

describe("the document head", () => {
  it("gives the home page a canonical URL, Open Graph tags and the business JSON-LD", () => {
    const head = documentHead("home", { siteUrl, faviconSvg });
    expect(head).toContain('<link rel="canonical" href="https://example.test/" />');
    expect(head).toContain('property="og:image" content="https://example.test/og-image.png"');
    expect(head).toContain('"@type":"HomeAndConstructionBusiness"');
    // Inlined, without its title: no request for it stands before the first paint.
    expect(head).toContain(
      `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')}"`,
    );
  });

  it("keeps the 404 page out of search results", () => {
    const head = documentHead("not-found", { siteUrl, faviconSvg });
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain("canonical");
  });

  it("serialises JSON-LD so no text can close the script element", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("the _headers file", () => {
  const functionUrl = "https://abc.supabase.co/functions/v1/send-contact-email";
  const text = headersFile({
    connectOrigins: ["https://abc.supabase.co"],
    formActions: [functionUrl],
    scriptHashes: ["sha256-Ym9vdA==", "sha256-b3duZXI="],
    markContactedPage: {
      path: "/contacted/",
      scriptHash: "sha256-b3duZXI=",
      styleHash: "sha256-c3R5bGU=",
    },
  });

  it("gives the owner's page a policy of its own: its one script and style, the backend, nothing else, no opener", () => {
    const rule = /\/contacted\/\*\n((?: {2}.+\n)+)/.exec(text)?.[1] ?? "";
    expect(rule).toContain(
      "Content-Security-Policy: default-src 'none'; script-src 'sha256-b3duZXI='; style-src 'sha256-c3R5bGU='; connect-src https://abc.supabase.co; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(rule).toContain("Referrer-Policy: no-referrer");
    expect(rule).toContain("Cross-Origin-Opener-Policy: same-origin");
    expect(rule).toContain("X-Robots-Tag: noindex, nofollow");
    // Where a host enforces the site's policy too, the page's script must pass it as well.
    const site = /Content-Security-Policy: (.+)/.exec(text)?.[1] ?? "";
    expect(site).toContain("'sha256-b3duZXI='");
  });

  it("sends a CSP that runs only same-origin scripts and the hashed boot script, and names the backend as the only other origin", () => {
    const csp = /Content-Security-Policy: (.+)/.exec(text)?.[1] ?? "";
    expect(csp).toContain("script-src 'self' 'sha256-Ym9vdA==' 'sha256-b3duZXI=';");
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("lets forms post only to the contact function and, for its answer, back to the site", () => {
    const csp = /Content-Security-Policy: (.+)/.exec(text)?.[1] ?? "";
    expect(csp).toContain(`form-action 'self' ${functionUrl};`);
  });

  it("caches hashed assets for a year and revalidates HTML every time", () => {
    expect(text).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(text).toMatch(/\/\n {2}Cache-Control: no-cache/);
    for (const header of [
      "X-Content-Type-Options: nosniff",
      "Referrer-Policy",
      "Permissions-Policy",
    ]) {
      expect(text).toContain(header);
    }
  });
});

describe("files for crawlers and agents", () => {
  const files = siteFiles(siteUrl, "2026-11-22");

  it("llms.txt starts with the name, a summary and links to the page", () => {
    expect(files["llms.txt"]).toMatch(/^# Blue Water Waterproofing\n\n> .+\n/);
    expect(files["llms.txt"]).toContain("](https://example.test/#contact)");
  });

  it("the sitemap lists the page and robots.txt points to it", () => {
    expect(files["sitemap.xml"]).toContain("<loc>https://example.test/</loc>");
    expect(files["robots.txt"]).toContain("Sitemap: https://example.test/sitemap.xml");
  });
});

describe("start-up configuration", () => {
  it("refuses to start without the backend key, with supabase-js's own message", () => {
    expect(() => readSupabaseConfig({ VITE_SUPABASE_URL: "http://127.0.0.1:54321" })).toThrow(
      "supabaseKey is required.",
    );
    expect(() => readSupabaseConfig({ VITE_SUPABASE_PUBLISHABLE_KEY: "k" })).toThrow(
      "supabaseUrl is required.",
    );
  });
});

describe("request ids", () => {
  it("are version 4 UUIDs, with or without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newRequestId()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(newRequestId()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
