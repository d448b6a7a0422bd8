import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
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
 * If-None-Match as RFC 9110 defines it: `*` matches any existing page, otherwise a list of entity
 * tags compared weakly (a `W/` prefix on either side does not matter).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

/** An answer that is not a page (an error, a redirect): its status line's words as the body. */
export interface PlainAnswer {
  headers: Map<string, string>;
  body: string;
}

export interface SiteHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The same security headers as every page, no caching, and `extra`. */
  plainAnswer(status: number, extra?: Record<string, string>): PlainAnswer;
}

/**
 * Serves a prerendered build: `/` is index.html, every other path is a file of the build or the
 * 404 page with status 404 — never a fallback page with 200. Headers come from the build's
 * `_headers` file; bodies are compressed once and kept in memory.
 */
export async function createSiteHandler(root: string): Promise<SiteHandler> {
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
  const notFound = files.get("/404.html");
  if (!notFound) throw new Error(`${root} has no 404.html: build the site first`);
  const notFoundPage: StaticFile = notFound;

  function plainAnswer(status: number, extra: Record<string, string> = {}): PlainAnswer {
    const body = `${STATUS_CODES[status]}\n`;
    // The 404 page's rules: every security header, and no-cache.
    const headers = headersForPath(rules, "/404.html");
    headers.set("content-type", "text/plain; charset=utf-8");
    headers.set("content-length", String(Buffer.byteLength(body)));
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return { headers, body };
  }

  function answerPlain(res: ServerResponse, status: number, extra?: Record<string, string>): void {
    const { headers, body } = plainAnswer(status, extra);
    res.writeHead(status, Object.fromEntries(headers));
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      answerPlain(res, 405, { allow: "GET, HEAD" });
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      answerPlain(res, 400);
      return;
    }
    // A page has one address, its folder's: the router knows no /index.html, so send visitors
    // to /, and a folder's page (/contacted/) is served at its folder with the slash, as hosts do.
    if (path.endsWith("/index.html") || (!path.endsWith("/") && files.has(`${path}/index.html`))) {
      const folder = path.endsWith("/index.html")
        ? path.slice(0, -"index.html".length)
        : `${path}/`;
      answerPlain(res, 301, { location: folder });
      return;
    }
    const found = files.get(path.endsWith("/") ? `${path}index.html` : path);
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

    if (status === 200 && matchesIfNoneMatch(req.headers["if-none-match"], file.etag)) {
      res.writeHead(304, Object.fromEntries(headers));
      res.end();
      return;
    }
    const body = encodedBody(file, encoding);
    headers.set("content-length", String(body.length));
    res.writeHead(status, Object.fromEntries(headers));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return { handle, plainAnswer };
}
