import {
  createServer,
  type IncomingMessage,
  type RequestOptions,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import { maxSubmissionBytes } from "@bluewater/content/contact";
import { type AdmissionLimits, listenInTurn } from "./admission.ts";
import type { FunctionProcess } from "./functionProcess.ts";
import { listenPatiently } from "./listen.ts";

export interface Gateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const hopByHop = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
]);

/** What the gateway allows a client; see docs/local-stack.md. */
export interface GatewayLimits extends AdmissionLimits {
  /**
   * The largest request body read: twice the function's own limit, so every body the function
   * could take reaches it whole. A larger one is read no further: the function gets the head
   * alone and refuses it (see `startGateway`).
   */
  maxBodyBytes: number;
  /**
   * How much of a body over `maxBodyBytes` is still read, and thrown away, before the answer:
   * closing a connection the client is still sending on resets it, and the client (Node's
   * `fetch`, a browser) then sees EPIPE or a network error instead of the 413. A body declared
   * or sent beyond this is answered at once, and the connection may then be reset.
   */
  drainBodyBytes: number;
  /** From its turn (see admission.ts) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From its turn to the end of the request's body. */
  requestTimeoutMs: number;
}

export const defaultGatewayLimits: GatewayLimits = {
  maxBodyBytes: 2 * maxSubmissionBytes,
  drainBodyBytes: 16 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  maxActive: 32,
  stalledMs: 1000,
  maxWaitMs: 5000,
  // About half a second of work at what one instance takes (docs/local-stack.md).
  maxWaiting: 64,
};

/** Seconds a client turned away for want of room, or while the function restarts, waits. */
const busyRetryAfterSeconds = 5;

/**
 * Supabase's rule for a function's answers on `<ref>.supabase.co` (its Edge Functions limits;
 * supabase/supabase#27012): a GET answered with text/html reaches the client as text/plain, so a
 * browser shows the page's source. Only a custom domain serves HTML to a GET. HEAD is a GET
 * without its body, so it is told the same type.
 */
export function platformContentType(
  method: string | undefined,
  contentType: string | undefined,
  customDomain: boolean,
): string | undefined {
  if (customDomain || (method !== "GET" && method !== "HEAD") || contentType === undefined) {
    return contentType;
  }
  return contentType.replace(/^\s*text\/html\s*(?=;|$)/i, "text/plain");
}

function answer(
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify({ error }));
}

/** A request body read whole, or the number of bytes seen when it passed the cap. */
type BodyRead = { body: Buffer } | { tooLargeBytes: number };

/**
 * Reads the request body, keeping at most `limits.maxBodyBytes` of it: past that it is read on and
 * thrown away to its end, unless it passes `limits.drainBodyBytes` (the socket is then paused).
 * Settles however the request ends, so a client that leaves mid-body leaves nothing behind.
 */
function readBody(
  req: IncomingMessage,
  limits: Pick<GatewayLimits, "maxBodyBytes" | "drainBodyBytes">,
): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limits.maxBodyBytes) chunks.push(chunk);
      else chunks.length = 0;
      if (size > limits.drainBodyBytes) {
        req.removeAllListeners("data");
        req.pause();
        resolve({ tooLargeBytes: size });
      }
    });
    req.on("end", () =>
      resolve(
        size > limits.maxBodyBytes ? { tooLargeBytes: size } : { body: Buffer.concat(chunks) },
      ),
    );
    req.on("error", reject);
    req.on("close", () => {
      if (!req.complete) reject(new Error("the client left before the body was complete"));
    });
  });
}

/** How long the function may take to answer a request the gateway passed on head only. */
const headOnlyAnswerMs = 5000;

/**
 * Sends a request to the function and its answer back. A request passed on head only (`body`
 * undefined) gets a connection of its own, never reused, since the function was promised a body
 * it will not get; if the function waits for it anyway, the gateway answers 413 itself.
 */
function forward(
  res: ServerResponse,
  target: RequestOptions,
  body: Buffer | undefined,
  customDomain: boolean,
): void {
  const headOnly = body === undefined;
  const upstream = request({ ...target, ...(headOnly ? { agent: false } : {}) }, (response) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !hopByHop.has(name)) forwarded[name] = value;
    }
    const type = platformContentType(target.method, response.headers["content-type"], customDomain);
    if (type !== undefined) forwarded["content-type"] = type;
    res.writeHead(response.statusCode ?? 502, forwarded);
    response.pipe(res);
    if (headOnly) res.once("finish", () => upstream.destroy());
  });
  if (headOnly) {
    upstream.setTimeout(headOnlyAnswerMs, () => {
      upstream.destroy();
      if (!res.headersSent) answer(res, 413, "The request body is too large.");
    });
  }
  // The function is not answering: it died, and the stack is starting it again
  // (functionProcess.ts). The client is told to come back, never left with a reset.
  upstream.on("error", () => {
    if (!res.headersSent) {
      answer(res, 503, "The function is restarting: try again in a few seconds.", {
        "retry-after": String(busyRetryAfterSeconds),
      });
    } else if (!res.writableEnded) res.destroy();
  });
  upstream.end(body);
}

/**
 * Serves /functions/v1/<name>/… like Supabase's API gateway: the function receives the path from
 * its own name on, every header as sent (apikey and Authorization checks are the function's job,
 * as with verify_jwt = false) but Host, which names the gateway, CF-Connecting-IP set to the
 * client's address and X-Forwarded-For with it appended. Requests are routed by their path alone.
 * Answers follow the platform's rule for HTML (`platformContentType`) unless `customDomain` is set.
 *
 * The request body is read whole and sent with the head in one write (as nginx buffers it).
 * Piped on, it raced with a function that answers without reading the body (401, 405, 415):
 * Deno closed the connection, a body write failed with EPIPE before the answer was read, and the
 * client got 502 instead of the function's answer (the HTTP fuzz test: 4 runs in 6 failed). A
 * body over the cap is passed on head only instead, so the function still gives its own answer.
 */
export async function startGateway(options: {
  host: string;
  port: number;
  functions: readonly Pick<FunctionProcess, "name" | "socketPath">[];
  limits?: Partial<GatewayLimits> | undefined;
  /** Serve a GET's text/html as it is, as Supabase does on a custom domain only. */
  customDomain?: boolean | undefined;
  signal?: AbortSignal | undefined;
}): Promise<Gateway> {
  const customDomain = options.customDomain ?? false;
  const limits = { ...defaultGatewayLimits, ...options.limits };
  const byName = new Map(options.functions.map((fn) => [fn.name, fn]));
  let ownHost = `${options.host}:${options.port}`;
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node looks for expired requests only this often (30 s unless told).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs / 4),
  };
  const server: Server = createServer(serverOptions, async (req, res) => {
    // One request per connection: its answer ends the connection's turn (see listenInTurn).
    res.setHeader("connection", "close");
    if (admission.isOverflow(req.socket)) {
      // Read first, so closing the connection after the answer cannot reset it.
      await readBody(req, limits).catch(() => undefined);
      answer(res, 503, "The local gateway is busy: try again in a few seconds.", {
        "retry-after": String(busyRetryAfterSeconds),
      });
      return;
    }
    const url = new URL(req.url ?? "/", "http://gateway");
    const match = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const target = match?.[1] ? byName.get(match[1]) : undefined;
    if (!match || !target) {
      answer(res, 404, "Function not found");
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
    }
    // As Supabase's edge (Cloudflare) does: CF-Connecting-IP is the socket's address, whatever
    // the client sent, and the address is appended to the client's own X-Forwarded-For, whose
    // first entry the client picks. So a function that trusted X-Forwarded-For fails here first.
    const client = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    const forwarded = headers["x-forwarded-for"];
    headers["x-forwarded-for"] = [...(forwarded ? [String(forwarded)] : []), client].join(", ");
    headers["cf-connecting-ip"] = client;
    // The runtime builds the request's URL from Host: a client's Host could change the path the
    // function sees (`x/deliver?` made it /deliver), so the function always sees the gateway's.
    headers.host = ownHost;
    const declared = Number(req.headers["content-length"] ?? 0);
    let read: BodyRead;
    try {
      read =
        declared > limits.drainBodyBytes
          ? { tooLargeBytes: declared }
          : await readBody(req, limits);
    } catch {
      res.destroy();
      return;
    }
    // A whole request, now at the function: this connection is not one to close for room.
    admission.arrived(req.socket);
    const path = `/${target.name}${match[2] ?? ""}${url.search}`;
    if ("tooLargeBytes" in read) {
      // Nothing of the body is passed on. The function gets the head alone, declaring the length
      // the body had, and refuses it itself: its own 413, with the CORS headers (or the page) the
      // client needs. The connection is closed after it, the client done sending (readBody).
      headers["content-length"] = String(read.tooLargeBytes);
      res.on("finish", () => res.socket?.destroy());
      const head = { socketPath: target.socketPath, method: req.method, path, headers };
      forward(res, head, undefined, customDomain);
      return;
    }
    if (read.body.length > 0 || headers["content-length"] !== undefined) {
      headers["content-length"] = String(read.body.length);
    }
    const head = { socketPath: target.socketPath, method: req.method, path, headers };
    forward(res, head, read.body, customDomain);
  });
  const admission = listenInTurn(server, limits);
  const listener = admission.listener;
  await listenPatiently(listener, options.port, options.host, "functions", options.signal);
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  ownHost = `${options.host}:${port}`;
  return {
    port,
    url: `http://${options.host}:${port}`,
    stop: () => admission.close(),
  };
}
