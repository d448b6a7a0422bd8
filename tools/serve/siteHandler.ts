import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, normalize, sep } from "node:path";
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
  const cache = new Map<string, StaticFile | null>();

  async function load(path: string): Promise<StaticFile | null> {
    if (cache.has(path)) return cache.get(path) ?? null;
    const file = join(root, normalize(path));
    let entry: StaticFile | null = null;
    if (file.startsWith(root + sep) && !hiddenFiles.has(path)) {
      try {
        const body = await readFile(file);
        const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
        entry = { body, contentType: contentTypeFor(file), etag, encoded: new Map() };
      } catch {
        entry = null;
      }
    }
    cache.set(path, entry);
    return entry;
  }

  function encodedBody(file: StaticFile, encoding: Encoding): Buffer {
    if (encoding === "identity") return file.body;
    let body = file.encoded.get(encoding);
    if (!body) {
      body = compress(file.body, encoding);
      file.encoded.set(encoding, body);
    }
    return body;
  }

  // Compressing at brotli's best level takes a moment per file, so it is done once, at start,
  // rather than on the first visitor's request.
  const files = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const path = `/${join(entry.parentPath, entry.name)
      .slice(root.length + 1)
      .split(sep)
      .join("/")}`;
    const file = await load(path);
    if (!file || !isCompressible(file.contentType, file.body.length)) continue;
    encodedBody(file, "br");
    encodedBody(file, "gzip");
  }

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
    const requested = path === "/" ? "/index.html" : path;
    const found = path.includes("\0") ? null : await load(requested);
    const file = found ?? (await load("/404.html"));
    if (!file) throw new Error(`${root} has no 404.html: build the site first`);
    const status = found && requested !== "/404.html" ? 200 : 404;

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
