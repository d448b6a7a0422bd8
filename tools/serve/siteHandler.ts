import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, sep } from "node:path";
import { compress, type Encoding, isCompressible, negotiateEncoding } from "./compression.ts";
import { type HeaderRule, headersForPath, parseHeadersFile } from "./headersFile.ts";
import { contentTypeFor } from "./mimeTypes.ts";

interface StaticFile {
  body: Buffer;
  contentType: string;
  etag: string;
  encoded: Map<Encoding, Buffer>;
}

/** Files a host reads as configuration, never serves. */
const hiddenFiles = new Set(["/_headers", "/_redirects"]);

/**
 * Serves a prerendered build: `/` is index.html, every other path is a file of the build or the
 * 404 page with status 404 — never a fallback page with 200. Headers come from the build's
 * `_headers` file; bodies are compressed once and kept in memory.
 */
export async function createSiteHandler(root: string) {
  const rules: HeaderRule[] = parseHeadersFile(await readFile(join(root, "_headers"), "utf8"));

  function encodedBody(file: StaticFile, encoding: Encoding): Buffer {
    if (encoding === "identity") return file.body;
    let body = file.encoded.get(encoding);
    if (!body) {
      body = compress(file.body, encoding);
      file.encoded.set(encoding, body);
    }
    return body;
  }

  // The whole build is read once, at start: a request can only ever reach a file that is in it
  // (no path is joined onto the disk, no miss is remembered), and compressing at brotli's best
  // level, which takes a moment per file, never happens on a visitor's request.
  const files = new Map<string, StaticFile>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    const path = `/${relative(root, absolute).split(sep).join("/")}`;
    if (hiddenFiles.has(path)) continue;
    const body = await readFile(absolute);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    const file: StaticFile = { body, contentType: contentTypeFor(path), etag, encoded: new Map() };
    if (isCompressible(file.contentType, body.length)) {
      encodedBody(file, "br");
      encodedBody(file, "gzip");
    }
    files.set(path, file);
  }
  const notFoundPage = files.get("/404.html");
  if (!notFoundPage) throw new Error(`${root} has no 404.html: build the site first`);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad Request\n");
      return;
    }
    // The page has one address; the router knows no /index.html, so send visitors to /.
    if (path === "/index.html") {
      res.writeHead(301, { location: "/", "cache-control": "no-cache" });
      res.end();
      return;
    }
    const found = files.get(path === "/" ? "/index.html" : path);
    const file = found ?? notFoundPage;
    const status = found && path !== "/404.html" ? 200 : 404;

    const headers = headersForPath(rules, found ? path : "/404.html");
    headers.set("content-type", file.contentType);
    headers.set("etag", file.etag);
    if (status === 404) headers.set("cache-control", "no-cache");
    const compressible = isCompressible(file.contentType, file.body.length);
    const encoding = compressible ? negotiateEncoding(req.headers["accept-encoding"]) : "identity";
    if (compressible) headers.set("vary", "Accept-Encoding");
    if (encoding !== "identity") headers.set("content-encoding", encoding);

    if (status === 200 && req.headers["if-none-match"] === file.etag) {
      res.writeHead(304, Object.fromEntries(headers));
      res.end();
      return;
    }
    const body = encodedBody(file, encoding);
    headers.set("content-length", String(body.length));
    res.writeHead(status, Object.fromEntries(headers));
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
