import type { PGlite } from "@electric-sql/pglite";
import { queryMessageType, syncMessageType } from "./postgresWire.ts";

const syncMessage = new Uint8Array([syncMessageType, 0, 0, 0, 4]);

function simpleQueryMessage(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = queryMessageType;
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}

interface Waiter {
  connectionId: number;
  resume: (granted: boolean) => void;
}

/**
 * PGlite is one Postgres backend. Interleaving the messages of different connections one by one
 * breaks the extended query protocol (measured: postgres.js with 10 connections fails with
 * `portal "" does not exist`), so this queue gives one connection the backend for a whole turn —
 * from its first message to its Sync or Query, and on to the end of any transaction it opened —
 * and every client sees the session it expects. Clients should not use named prepared statements
 * (postgres.js `prepare: false`): their names share one backend.
 */
export class ProtocolTurnQueue {
  readonly #db: PGlite;
  #owner: number | undefined;
  readonly #waiting: Waiter[] = [];

  constructor(db: PGlite) {
    this.#db = db;
  }

  owns(connectionId: number): boolean {
    return this.#owner === connectionId;
  }

  /** True once PGlite is closed: a session ending after that has nothing to clean up. */
  get closed(): boolean {
    return this.#db.closed;
  }

  isInTransaction(): boolean {
    return this.#db.isInTransaction();
  }

  /**
   * Resolves true once the backend is this connection's, or false when `waitMs` passes first (or
   * the connection is forgotten): waiting for the backend is what waiting for a lock is on a
   * Postgres server, and a client's lock_timeout bounds it the same way.
   */
  acquire(connectionId: number, waitMs: number | undefined): Promise<boolean> {
    if (this.#owner === connectionId) return Promise.resolve(true);
    if (this.#owner === undefined) {
      this.#owner = connectionId;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        connectionId,
        resume: (granted) => {
          clearTimeout(timer);
          resolve(granted);
        },
      };
      const timer =
        waitMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
              resolve(false);
            }, waitMs);
      this.#waiting.push(waiter);
    });
  }

  /** Runs one frame for the owner, passing PGlite's answer on as it comes. */
  async run(frame: Uint8Array, onData: (data: Uint8Array) => void): Promise<void> {
    await this.#db.runExclusive(() => this.#db.execProtocolRawStream(frame, { onRawData: onData }));
  }

  /** After a message: a Sync or Query outside a transaction ends the owner's turn. */
  finishMessage(connectionId: number, type: number): void {
    const endsTurn = type === syncMessageType || type === queryMessageType;
    if (this.owns(connectionId) && endsTurn && !this.#db.isInTransaction()) this.#release();
  }

  /** Ends a turn of its own, such as a session's startup. */
  release(connectionId: number): void {
    if (this.owns(connectionId)) this.#release();
  }

  /**
   * A connection that is gone (or was thrown out) must not leave the shared backend mid-protocol
   * or mid-transaction: its waits end, and a turn it holds is closed with Sync and ROLLBACK.
   */
  async forget(connectionId: number): Promise<void> {
    for (const waiter of this.#waiting.filter((w) => w.connectionId === connectionId)) {
      this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
      waiter.resume(false);
    }
    if (!this.owns(connectionId)) return;
    await this.#db.runExclusive(async () => {
      await this.#db.execProtocolRaw(syncMessage);
      if (this.#db.isInTransaction())
        await this.#db.execProtocolRaw(simpleQueryMessage("ROLLBACK"));
    });
    this.#release();
  }

  #release(): void {
    const next = this.#waiting.shift();
    this.#owner = next?.connectionId;
    next?.resume(true);
  }
}
