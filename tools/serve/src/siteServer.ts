import { createServer, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { createSiteHandler } from "./siteHandler.ts";

/** The status Node would send for a request it could not parse. */
function clientErrorStatus(error: NodeJS.ErrnoException): number {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/**
 * An HTTP server for a build (not yet listening). Every answer carries the build's security
 * headers, including the ones Node would otherwise write itself: a request it cannot parse
 * (400, 431, 408), an Expect it does not know (417), and a handler failure (500).
 */
export async function createSiteServer(
  root: string,
  logError: (error: unknown) => void,
): Promise<Server> {
  const site = await createSiteHandler(root);
  const answerPlain = (res: ServerResponse, status: number) => {
    const { headers, body } = site.plainAnswer(status);
    res.writeHead(status, Object.fromEntries(headers));
    res.end(body);
  };

  const server = createServer((req, res) => {
    site.handle(req, res).catch((error: unknown) => {
      logError(error);
      if (res.headersSent) res.end();
      else answerPlain(res, 500);
    });
  });
  server.on("checkExpectation", (_req, res: ServerResponse) => answerPlain(res, 417));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error);
    const { headers, body } = site.plainAnswer(status, { connection: "close" });
    const head = [...headers].map(([name, value]) => `${name}: ${value}`);
    socket.end([`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...head, "", body].join("\r\n"));
  });
  return server;
}
