import { createServer, type Server, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from "@electric-sql/pglite-socket";
import { listenPatiently } from "./listen.ts";

/** Frontend message types that end a protocol turn: Sync, simple Query and Terminate. */
const turnEnders = new Set(["S".charCodeAt(0), "Q".charCodeAt(0), "X".charCodeAt(0)]);
const syncMessage = new Uint8Array([0x53, 0, 0, 0, 4]);

function simpleQueryMessage(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  const view = new DataView(message.buffer);
  message[0] = "Q".charCodeAt(0);
  view.setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

interface Waiter {
  handlerId: number;
  resume: () => void;
}

/**
 * PGlite is one Postgres backend. pglite-socket's own multiplexer interleaves the messages of
 * different connections one by one, which breaks the extended query protocol (measured: postgres.js
 * with 10 connections fails with `portal "" does not exist`). This queue gives one connection the
 * backend for a whole turn — from its first message to its Sync or Query, and on to the end of any
 * transaction it opened — so every client sees the session it expects. Clients should not use
 * named prepared statements (postgres.js `prepare: false`): their names share one backend.
 */
export class ProtocolTurnQueue {
  readonly #db: PGlite;
  #owner: number | undefined;
  readonly #waiting: Waiter[] = [];

  constructor(db: PGlite) {
    this.#db = db;
  }

  async enqueue(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    if (this.#owner !== handlerId) await this.#acquire(handlerId);
    let bytes = 0;
    try {
      await this.#db.runExclusive(() =>
        this.#db.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            onData(data);
          },
        }),
      );
    } finally {
      // A startup message begins with its length's high byte (0); it is a turn of its own.
      const endsTurn = message[0] === 0 || turnEnders.has(message[0] ?? 0);
      if (endsTurn && !this.#db.isInTransaction()) this.#release();
    }
    return bytes;
  }

  getQueueLength(): number {
    return this.#waiting.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.#waiting.length - 1; i >= 0; i--) {
      if (this.#waiting[i]?.handlerId === handlerId) this.#waiting.splice(i, 1);
    }
  }

  /** A client that vanished mid-turn must not leave the shared backend mid-protocol. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.#owner !== handlerId) return;
    await this.#db.runExclusive(async () => {
      await this.#db.execProtocolRaw(syncMessage);
      if (this.#db.isInTransaction())
        await this.#db.execProtocolRaw(simpleQueryMessage("ROLLBACK"));
    });
    this.#release();
  }

  #acquire(handlerId: number): Promise<void> {
    if (this.#owner === undefined) {
      this.#owner = handlerId;
      return Promise.resolve();
    }
    return new Promise((resume) => this.#waiting.push({ handlerId, resume }));
  }

  #release(): void {
    const next = this.#waiting.shift();
    this.#owner = next?.handlerId;
    next?.resume();
  }
}

export interface PgliteSocketServer {
  host: string;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves one PGlite database over the Postgres wire protocol to any number of clients, using
 * pglite-socket's protocol handler with the turn-taking queue above.
 */
export async function startPgliteSocketServer(options: {
  db: PGlite;
  host: string;
  port: number;
  signal?: AbortSignal | undefined;
}): Promise<PgliteSocketServer> {
  await options.db.waitReady;
  // pglite-socket types its queue option as its own class; ours has the same public surface.
  const queryQueue = new ProtocolTurnQueue(
    options.db,
  ) as unknown as PGLiteSocketHandlerOptions["queryQueue"];
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener("close", forget);
    handler.addEventListener("error", forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  });
  await listenPatiently(server, options.port, options.host, "db", options.signal);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    host: options.host,
    port,
    url: `postgres://postgres:postgres@${options.host}:${port}/postgres`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      await closed;
    },
  };
}

/** Opens (or creates) the embedded database; `memory://` keeps it in memory. */
export async function openPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create(dataDir);
}
