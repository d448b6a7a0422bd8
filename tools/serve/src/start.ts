#!/usr/bin/env node
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineCommand, parseCommand } from "@bluewater/cli";
import { createSiteServer } from "./siteServer.ts";

/** Serves the built site alone: `serve-site [dist folder]` (`node tools/serve/src/start.ts` from the root). */
const program = await parseCommand(
  defineCommand(
    "serve-site",
    "Serves a built site with its _headers, compression and a real 404 page.",
  )
    .argument("[dist]", "the built site's folder (default: apps/web/dist)")
    .addHelpText(
      "after",
      "\nPORT (default 8080) and HOST (default localhost) say where it listens.",
    ),
);
const [dist] = program.args;
const root = dist
  ? resolve(dist)
  : fileURLToPath(new URL("../../../apps/web/dist", import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? "localhost";

const server = await createSiteServer(root, (error) => console.error("[site]", error));
server.listen(port, host, () => console.log(`[site] serving ${root} on http://${host}:${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
