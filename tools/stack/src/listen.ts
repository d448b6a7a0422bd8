import { once } from "node:events";
import type { Server } from "node:net";
import { logger } from "./log.ts";

/**
 * Listens on a fixed port, waiting while it is busy. The local ports 54321/54322 lie in Linux's
 * ephemeral range, so a closed outgoing connection can hold one in TIME_WAIT for up to a minute.
 */
export async function listenPatiently(
  server: Server,
  port: number,
  host: string,
  part: string,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + 70_000;
  let warned = false;
  for (;;) {
    try {
      // once() rejects with the server's error when it comes before "listening".
      await once(server.listen(port, host), "listening");
      return;
    } catch (error) {
      const busy = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!busy || port === 0 || Date.now() > deadline || signal?.aborted) throw error;
      if (!warned) logger(part).error(`${host}:${port} is busy; waiting for it (up to a minute)…`);
      warned = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
