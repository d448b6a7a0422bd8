import {
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
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

/** Larger request bodies never reach a function: nginx's default client_max_body_size. */
const maxBodyBytes = 1024 * 1024;

function answer(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ error }));
}

/** The whole request body, or undefined once it passes maxBodyBytes. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Serves /functions/v1/<name>/… like Supabase's API gateway: the function receives the path from
 * its own name on, every header as sent (apikey and Authorization checks are the function's job,
 * as with verify_jwt = false), and X-Forwarded-For set to the client's address.
 *
 * The request body is read whole and sent with the head in one write (as nginx buffers it).
 * Piped on, it raced with a function that answers without reading the body (401, 405, 415):
 * Deno closed the connection, a body write failed with EPIPE before the answer was read, and the
 * client got 502 instead of the function's answer (the HTTP fuzz test: 4 runs in 6 failed).
 */
export async function startGateway(options: {
  host: string;
  port: number;
  functions: readonly FunctionProcess[];
  signal?: AbortSignal | undefined;
}): Promise<Gateway> {
  const byName = new Map(options.functions.map((fn) => [fn.name, fn]));
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
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
    let body: Buffer | undefined;
    try {
      body = await readBody(req);
    } catch {
      res.destroy();
      return;
    }
    if (body === undefined) {
      res.setHeader("connection", "close");
      answer(res, 413, `The request body is larger than ${maxBodyBytes / 1024 / 1024} MB.`);
      return;
    }
    if (body.length > 0 || headers["content-length"] !== undefined) {
      headers["content-length"] = String(body.length);
    }
    const upstream = request(
      {
        socketPath: target.socketPath,
        method: req.method,
        path: `/${target.name}${match[2] ?? ""}${url.search}`,
        headers,
      },
      (response) => {
        const forwarded: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !hopByHop.has(name)) forwarded[name] = value;
        }
        res.writeHead(response.statusCode ?? 502, forwarded);
        response.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) answer(res, 502, "The function is not running");
      else res.destroy();
    });
    upstream.end(body);
  });
  server.keepAliveTimeout = 5000;
  await listenPatiently(server, options.port, options.host, "functions", options.signal);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
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
