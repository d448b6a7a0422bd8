import { createServer, type Server } from "node:http";
import { createSiteHandler } from "./siteHandler.ts";

/** An HTTP server for a build (not yet listening): a handler failure answers a plain 500. */
export async function createSiteServer(
  root: string,
  logError: (error: unknown) => void,
): Promise<Server> {
  const handle = await createSiteHandler(root);
  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logError(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal Server Error\n");
    });
  });
}
