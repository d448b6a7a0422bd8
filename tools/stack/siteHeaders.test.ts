import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type EphemeralStack, startEphemeralStack } from "./ephemeralStack.ts";
import { siteDistDir } from "./paths.ts";

let stack: EphemeralStack | undefined;
let siteUrl: string;

before(async () => {
  if (!existsSync(join(siteDistDir, "index.html"))) {
    throw new Error(
      `${siteDistDir} has no build: run \`pnpm build\` (or \`pnpm test\`) from the repository root`,
    );
  }
  stack = await startEphemeralStack({ site: { port: 0, distDir: siteDistDir } });
  assert.ok(stack.siteUrl, "the stack serves the site");
  siteUrl = stack.siteUrl;
});

after(async () => {
  await stack?.dispose();
});

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (no automatic decompression), so the test sees the bytes the server sent. */
function get(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(`${siteUrl}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

function header(fetched: Fetched, name: string): string {
  const value = fetched.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name.toLowerCase(), sources]),
  );
}

const securityHeaders = (fetched: Fetched) => {
  const csp = directives(header(fetched, "content-security-policy"));
  const scriptSources = csp.get("script-src") ?? csp.get("default-src") ?? [];
  assert.ok(scriptSources.includes("'self'"), "script-src 'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:"]) {
    assert.ok(!scriptSources.includes(unsafe), `script-src has no ${unsafe}`);
  }
  assert.deepEqual(csp.get("frame-ancestors"), ["'none'"]);
  assert.deepEqual(csp.get("object-src"), ["'none'"]);
  assert.equal(header(fetched, "x-content-type-options"), "nosniff");
  assert.match(
    header(fetched, "referrer-policy"),
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  assert.match(header(fetched, "permissions-policy"), /camera=\(\)/);
  assert.match(header(fetched, "permissions-policy"), /geolocation=\(\)/);
  assert.equal(header(fetched, "x-frame-options"), "DENY");
};

test("the page is served with a strict Content-Security-Policy and the other security headers", async () => {
  const page = await get("/");
  assert.equal(page.status, 200);
  assert.match(header(page, "content-type"), /^text\/html/);
  securityHeaders(page);
});

test("HTML is revalidated on every visit, hashed assets are cached for a year", async () => {
  assert.equal(header(await get("/"), "cache-control"), "no-cache");
  const hashed = readdirSync(join(siteDistDir, "assets")).find((file) =>
    /-[\w-]{8}\.(js|css)$/.test(file),
  );
  assert.ok(hashed, "the build has a hashed asset");
  const asset = await get(`/assets/${hashed}`);
  assert.equal(asset.status, 200);
  assert.match(header(asset, "cache-control"), /max-age=31536000/);
  assert.match(header(asset, "cache-control"), /immutable/);
});

test("the page is compressed with brotli or gzip when the browser accepts it", async () => {
  const original = readFileSync(join(siteDistDir, "index.html"));
  const brotli = await get("/", { "accept-encoding": "gzip, deflate, br" });
  assert.equal(header(brotli, "content-encoding"), "br");
  assert.match(header(brotli, "vary"), /accept-encoding/i);
  assert.ok(brotliDecompressSync(brotli.body).equals(original));
  assert.ok(brotli.body.length < original.length / 2);
  const gzip = await get("/", { "accept-encoding": "gzip" });
  assert.equal(header(gzip, "content-encoding"), "gzip");
  assert.ok(gunzipSync(gzip.body).equals(original));
  const plain = await get("/", { "accept-encoding": "identity" });
  assert.equal(header(plain, "content-encoding"), "");
  assert.ok(plain.body.equals(original));
});

test("an unknown path is a real 404 with the 404 page, never a 200 fallback", async () => {
  const notFoundPage = readFileSync(join(siteDistDir, "404.html"));
  for (const path of ["/no-such-page", "/llms2.txt", "/services/unknown", "/assets/nope.js"]) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.match(header(response, "content-type"), /^text\/html/, path);
    assert.ok(response.body.equals(notFoundPage), `${path} shows the 404 page`);
    assert.equal(header(response, "cache-control"), "no-cache", path);
    securityHeaders(response);
  }
  const llms = await get("/llms.txt");
  assert.equal(llms.status, 200, "llms.txt itself exists");
  assert.match(header(llms, "content-type"), /^text\/plain/);
});

test("files outside the build and the host's configuration are never served", async () => {
  for (const path of [
    "/_headers",
    "/../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
  ]) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.ok(!response.body.toString().includes('"name"'), path);
  }
});
