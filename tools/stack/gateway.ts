import {
  createServer,
  type IncomingMessage,
  type RequestOptions,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { maxSubmissionBytes } from "../../packages/content/src/contactSubmission.ts";
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
export interface GatewayLimits {
  /**
   * The largest request body read: twice the function's own limit, so every body the function
   * could take reaches it whole. A larger one is read no further: the function gets the head
   * alone and refuses it (see `startGateway`).
   */
  maxBodyBytes: number;
  /** From connecting to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From connecting to the end of the request's body. */
  requestTimeoutMs: number;
  /**
   * Connections at once. Each connection a client fills costs the process about 170 KB it keeps
   * after the client goes (measured with clients streaming 1 MB bodies), so this bounds what
   * they can take: 32 stay near 5 MB. See `limitConnections` for who makes room.
   */
  maxConnections: number;
}

export const defaultGatewayLimits: GatewayLimits = {
  maxBodyBytes: 2 * maxSubmissionBytes,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  maxConnections: 32,
};

/**
 * Keeps at most `max` connections open. When a new one would pass it, the connection that has
 * waited longest without sending a whole request is closed to make room (a client trickling
 * headers or a body must not lock out one that sends its request at once); only when every
 * connection is busy with a request at the function is the new one closed instead.
 */
function limitConnections(server: Server, max: number): { busy: Set<Socket> } {
  const open = new Set<Socket>();
  const busy = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      busy.delete(socket);
    });
    if (open.size <= max) return;
    let stalled: Socket | undefined;
    for (const candidate of open) {
      if (candidate !== socket && !busy.has(candidate)) {
        stalled = candidate;
        break;
      }
    }
    (stalled ?? socket).destroy();
  });
  return { busy };
}

function answer(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ error }));
}

/** A request body read whole, or the number of bytes seen when it passed the cap. */
type BodyRead = { body: Buffer } | { tooLargeBytes: number };

/**
 * Reads the request body, stopping (and pausing the socket) once it passes `maxBytes`. Settles
 * however the request ends, so a client that leaves mid-body leaves nothing behind.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        req.removeAllListeners("data");
        req.pause();
        resolve({ tooLargeBytes: size });
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve({ body: Buffer.concat(chunks) }));
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
function forward(res: ServerResponse, target: RequestOptions, body: Buffer | undefined): void {
  const headOnly = body === undefined;
  const upstream = request({ ...target, ...(headOnly ? { agent: false } : {}) }, (response) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !hopByHop.has(name)) forwarded[name] = value;
    }
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
  upstream.on("error", () => {
    if (!res.headersSent) answer(res, 502, "The function is not running");
    else if (!res.writableEnded) res.destroy();
  });
  upstream.end(body);
}

/**
 * Serves /functions/v1/<name>/… like Supabase's API gateway: the function receives the path from
 * its own name on, every header as sent (apikey and Authorization checks are the function's job,
 * as with verify_jwt = false) but Host, which names the gateway, and X-Forwarded-For set to the
 * client's address. Requests are routed by their path alone.
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
  functions: readonly FunctionProcess[];
  limits?: Partial<GatewayLimits> | undefined;
  signal?: AbortSignal | undefined;
}): Promise<Gateway> {
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
    // The client's own X-Forwarded-For is replaced, not trusted: only the gateway says who called.
    headers["x-forwarded-for"] = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    // The runtime builds the request's URL from Host: a client's Host could change the path the
    // function sees (`x/deliver?` made it /deliver), so the function always sees the gateway's.
    headers.host = ownHost;
    const declared = Number(req.headers["content-length"] ?? 0);
    let read: BodyRead;
    try {
      read =
        declared > limits.maxBodyBytes
          ? { tooLargeBytes: declared }
          : await readBody(req, limits.maxBodyBytes);
    } catch {
      res.destroy();
      return;
    }
    // A whole request, now at the function: this connection is not one to close for room.
    connections.busy.add(req.socket);
    res.once("close", () => connections.busy.delete(req.socket));
    const path = `/${target.name}${match[2] ?? ""}${url.search}`;
    if ("tooLargeBytes" in read) {
      // The rest of the body is never read. The function gets the head alone, declaring the
      // length the body had, and refuses it itself: its own 413, with the CORS headers (or the
      // page) the client needs. The connection is closed after it.
      headers["content-length"] = String(read.tooLargeBytes);
      res.setHeader("connection", "close");
      res.on("finish", () => res.socket?.destroy());
      forward(res, { socketPath: target.socketPath, method: req.method, path, headers }, undefined);
      return;
    }
    if (read.body.length > 0 || headers["content-length"] !== undefined) {
      headers["content-length"] = String(read.body.length);
    }
    forward(res, { socketPath: target.socketPath, method: req.method, path, headers }, read.body);
  });
  server.keepAliveTimeout = 5000;
  const connections = limitConnections(server, limits.maxConnections);
  await listenPatiently(server, options.port, options.host, "functions", options.signal);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  ownHost = `${options.host}:${port}`;
  return {
    port,
    url: `http://${options.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
