import { createServer, type Server, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { listenPatiently } from "./listen.ts";
import {
  defaultServerLimits,
  embeddedDatabaseName,
  embeddedPassword,
  embeddedUser,
  PostgresConnection,
  type ServerLimits,
} from "./postgresConnection.ts";
import { ProtocolTurnQueue } from "./protocolTurnQueue.ts";
import { scramVerifier } from "./scramSha256.ts";

export interface PgliteSocketServer {
  host: string;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves one PGlite database over the Postgres wire protocol: the startup and SCRAM-SHA-256
 * password exchange (user and password `postgres`), then any number of sessions taking turns on
 * the one backend. Every frame is checked before PGlite sees it.
 */
export async function startPgliteSocketServer(options: {
  db: PGlite;
  host: string;
  port: number;
  limits?: Partial<ServerLimits> | undefined;
  signal?: AbortSignal | undefined;
}): Promise<PgliteSocketServer> {
  await options.db.waitReady;
  const limits = { ...defaultServerLimits, ...options.limits };
  const queue = new ProtocolTurnQueue(options.db);
  const scram = scramVerifier(embeddedPassword);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    const connection = new PostgresConnection(socket, queue, limits, scram);
    if (sockets.size > limits.maxConnections) {
      connection.refuse("53300", "sorry, too many clients already");
    }
  });
  await listenPatiently(server, options.port, options.host, "db", options.signal);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    host: options.host,
    port,
    url: `postgres://${embeddedUser}:${embeddedPassword}@${options.host}:${port}/${embeddedDatabaseName}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Opens (or creates) the embedded database; `memory://` keeps it in memory. */
export async function openPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create(dataDir);
}
