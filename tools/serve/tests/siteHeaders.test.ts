import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createSiteServer } from "../src/siteServer.ts";

const siteDistDir = fileURLToPath(new URL("../../../apps/web/dist", import.meta.url));

/** The site server `pnpm start` and tools/serve run, on the build, alone on a free port. */
let server: Server | undefined;
let siteUrl: string;

before(async () => {
  if (!existsSync(join(siteDistDir, "index.html"))) {
    throw new Error(
      `${siteDistDir} has no build: run \`pnpm build\` (or \`pnpm test\`) from the repository root`,
    );
  }
  const site = await createSiteServer(siteDistDir, (error) => console.error(error));
  server = site;
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (no automatic decompression), so the test sees the bytes the server sent. */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(`${siteUrl}${path}`, { headers, agent: false, method }, (response) => {
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

/** Bytes written straight to the socket, for requests no HTTP client would send. */
function sendRaw(bytes: string): Promise<Fetched> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: Buffer.from(body, "latin1"),
      });
    });
  });
}

test("every status the site server sends carries the security headers", async () => {
  const page = await get("/");
  const answers: Array<[string, number, Fetched]> = [
    ["the page", 200, page],
    ["a revalidated page", 304, await get("/", { "if-none-match": header(page, "etag") })],
    ["/index.html", 301, await get("/index.html")],
    ["a bad percent-encoding", 400, await get("/%E0%A4%A")],
    ["an unknown path", 404, await get("/no-such-page")],
    ["OPTIONS /", 405, await get("/", {}, "OPTIONS")],
    ["POST /", 405, await get("/", {}, "POST")],
    ["an unknown Expect", 417, await get("/", { expect: "teapot" })],
    ["a request line Node cannot parse", 400, await sendRaw("GET / HTTP/1.1\r\nHost x\r\n\r\n")],
    [
      "headers too large",
      431,
      await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    ],
  ];
  for (const [what, status, answer] of answers) {
    assert.equal(answer.status, status, what);
    try {
      securityHeaders(answer);
    } catch (error) {
      throw new Error(`${what} (${status}): ${(error as Error).message}`);
    }
  }
  assert.equal(header(answers[2]?.[2] ?? page, "location"), "/");
});

test("If-None-Match with a weak tag, a list or * revalidates like a conformant server", async () => {
  const page = await get("/");
  const etag = header(page, "etag");
  assert.match(etag, /^"[^"]+"$/);
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, `"a", W/${etag}, "b"`, "*"]) {
    const answer = await get("/", { "if-none-match": ifNoneMatch });
    assert.equal(answer.status, 304, ifNoneMatch);
    assert.equal(answer.body.length, 0, ifNoneMatch);
    assert.equal(header(answer, "etag"), etag, ifNoneMatch);
  }
  for (const ifNoneMatch of ['"other"', 'W/"other"', `${etag.slice(0, -2)}"`]) {
    assert.equal((await get("/", { "if-none-match": ifNoneMatch })).status, 200, ifNoneMatch);
  }
  assert.equal((await get("/no-such-page", { "if-none-match": "*" })).status, 404);
});

test("the owner's page is served at its folder, under the site's policy and its own, both sent", async () => {
  const page = await get("/contacted/");
  assert.equal(page.status, 200);
  assert.match(header(page, "content-type"), /^text\/html/);
  // Two rules set it: one header, the values joined by a comma, as Cloudflare Pages sends it.
  const [site = "", own = ""] = header(page, "content-security-policy").split(/, (?=default-src)/);
  assert.match(site, /^default-src 'self'/);
  assert.match(own, /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';/);
  assert.match(header(page, "referrer-policy"), /, no-referrer$/);
  assert.equal(header(page, "x-robots-tag"), "noindex, nofollow");
  // No other window keeps a handle on the page holding a lead's token.
  assert.equal(header(page, "cross-origin-opener-policy"), "same-origin");
  const bare = await get("/contacted");
  assert.equal(bare.status, 301);
  assert.equal(header(bare, "location"), "/contacted/");
  assert.equal((await get("/contacted/index.html")).status, 301);
});
