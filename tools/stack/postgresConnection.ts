import type { Buffer } from "node:buffer";
import type { Socket } from "node:net";
import { logger } from "./log.ts";
import {
  authenticationSasl,
  authenticationSaslContinue,
  authenticationSaslFinal,
  authenticationTypes,
  encryptionRefused,
  errorResponse,
  FrontendFrameReader,
  type FrontendMessage,
  maxAuthenticationMessageBytes,
  maxMessageBytes,
  ProtocolViolation,
  queryMessageType,
  readSaslInitialResponse,
  readyForQueryIdle,
  sessionTypes,
  startupMessage,
  syncMessageType,
  terminateMessageType,
} from "./postgresWire.ts";
import type { ProtocolTurnQueue } from "./protocolTurnQueue.ts";
import { ScramFailure, scramMechanism, type scramVerifier } from "./scramSha256.ts";

/** The one role and database PGlite has, and the documented local password. */
export const embeddedUser = "postgres";
export const embeddedDatabaseName = "postgres";
export const embeddedPassword = "postgres";

/** How long each kind of client behaviour may hold the server; see docs/local-stack.md. */
export interface ServerLimits {
  /** From connecting to the end of the password exchange. */
  authenticationMs: number;
  /** A session holding the database (open transaction, messages not yet synced) that sends nothing. */
  idleTurnMs: number;
  /** One turn (a transaction) at most, however busy the session keeps it. */
  turnMs: number;
  /** Connections at once; more are refused with FATAL 53300 as Postgres's max_connections does. */
  maxConnections: number;
  /** Answer bytes a client has not read yet; beyond this it is disconnected. */
  maxUnreadBytes: number;
}

export const defaultServerLimits: ServerLimits = {
  authenticationMs: 10_000,
  idleTurnMs: 10_000,
  turnMs: 30_000,
  maxConnections: 100,
  maxUnreadBytes: 64 * 1024 * 1024,
};

/** The lock or statement timeout a client asked for in its startup packet, if any. */
interface WaitLimit {
  ms: number;
  sqlState: string;
  message: string;
}

/** Postgres duration settings: a number (milliseconds) or a number with a unit. */
function parseDurationMs(value: string): number | undefined {
  const match = /^\s*(\d+)\s*(ms|s|min|h)?\s*$/.exec(value);
  if (!match) return undefined;
  const factor = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 }[match[2] ?? "ms"] ?? 1;
  return Number(match[1]) * factor;
}

function waitLimitFrom(parameters: Map<string, string>): WaitLimit | undefined {
  const limits: WaitLimit[] = [];
  const lock = parameters.get("lock_timeout");
  const statement = parameters.get("statement_timeout");
  for (const [value, sqlState, message] of [
    [lock, "55P03", "canceling statement due to lock timeout"],
    [statement, "57014", "canceling statement due to statement timeout"],
  ] as const) {
    if (value === undefined) continue;
    const ms = parseDurationMs(value);
    if (ms === undefined)
      throw new StartupRefusal("22023", `invalid value for a timeout: "${value}"`);
    if (ms > 0) limits.push({ ms, sqlState, message });
  }
  return limits.sort((a, b) => a.ms - b.ms)[0];
}

/** A startup the server refuses with FATAL and the given SQLSTATE. */
class StartupRefusal extends Error {
  readonly sqlState: string;

  constructor(sqlState: string, message: string) {
    super(message);
    this.sqlState = sqlState;
  }
}

/** The startup packet every session sends PGlite: its one user and database, nothing else. */
const pgliteStartup = startupMessage({ user: embeddedUser, database: embeddedDatabaseName });

let nextConnectionId = 1;

/**
 * One client connection: the startup and SCRAM password exchange, then its messages in order
 * through the turn queue. Anything malformed ends this connection and no other.
 */
export class PostgresConnection {
  readonly #id = nextConnectionId++;
  readonly #socket: Socket;
  readonly #queue: ProtocolTurnQueue;
  readonly #limits: ServerLimits;
  readonly #startExchange: ReturnType<typeof scramVerifier>;
  readonly #reader = new FrontendFrameReader();
  #phase: "startup" | "password" | "session" | "closed" = "startup";
  #scram: ReturnType<ReturnType<typeof scramVerifier>> | undefined;
  #saslStarted = false;
  #waitLimit: WaitLimit | undefined;
  readonly #pending: FrontendMessage[] = [];
  #draining = false;
  /** After a wait that timed out, extended-protocol messages are skipped up to the next Sync. */
  #skippingToSync = false;
  #timer: NodeJS.Timeout | undefined;
  #turnTimer: NodeJS.Timeout | undefined;

  constructor(
    socket: Socket,
    queue: ProtocolTurnQueue,
    limits: ServerLimits,
    scram: ReturnType<typeof scramVerifier>,
  ) {
    this.#socket = socket;
    this.#queue = queue;
    this.#limits = limits;
    this.#startExchange = scram;
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    socket.on("error", () => this.#close());
    socket.on("close", () => this.#close());
    this.#timer = setTimeout(
      () => this.#fatal("08P01", "canceling authentication due to timeout"),
      limits.authenticationMs,
    );
  }

  /** Ends the connection with a FATAL error, as Postgres does for anything it will not serve. */
  refuse(sqlState: string, message: string): void {
    this.#fatal(sqlState, message);
  }

  #receive(chunk: Buffer): void {
    if (this.#phase === "closed") return;
    this.#reader.push(chunk);
    try {
      if (this.#phase === "startup") this.#readStartup();
      if (this.#phase === "password") this.#readPassword();
      if (this.#phase === "session") this.#readSession();
    } catch (error) {
      if (error instanceof ProtocolViolation) this.#fatal("08P01", error.message);
      else if (error instanceof ScramFailure)
        this.#fatal("28P01", `password authentication failed for user "${embeddedUser}"`);
      else if (error instanceof StartupRefusal) this.#fatal(error.sqlState, error.message);
      else this.#fail(error);
    }
  }

  #readStartup(): void {
    for (;;) {
      const packet = this.#reader.nextStartupPacket();
      if (!packet) return;
      // PGlite cannot interrupt a statement, so a cancel request has nothing to act on.
      if (packet.kind === "cancel") {
        this.#close();
        return;
      }
      if (packet.kind !== "startup") {
        this.#write(encryptionRefused);
        continue;
      }
      const user = packet.parameters.get("user");
      if (user === undefined)
        throw new StartupRefusal("28000", "no PostgreSQL user name specified in startup packet");
      if (user !== embeddedUser) throw new StartupRefusal("28000", `role "${user}" does not exist`);
      const database = packet.parameters.get("database") ?? user;
      if (database !== embeddedDatabaseName) {
        throw new StartupRefusal("3D000", `database "${database}" does not exist`);
      }
      this.#waitLimit = waitLimitFrom(packet.parameters);
      this.#phase = "password";
      this.#scram = this.#startExchange();
      this.#write(authenticationSasl(scramMechanism));
      return;
    }
  }

  #readPassword(): void {
    for (;;) {
      const message = this.#reader.nextMessage(authenticationTypes, maxAuthenticationMessageBytes);
      if (!message || !this.#scram) return;
      if (!this.#saslStarted) {
        const { mechanism, data } = readSaslInitialResponse(message.body);
        if (mechanism !== scramMechanism) {
          throw new StartupRefusal("28000", `SASL mechanism "${mechanism}" is not supported`);
        }
        this.#saslStarted = true;
        this.#write(authenticationSaslContinue(this.#scram.first(data)));
        continue;
      }
      this.#write(authenticationSaslFinal(this.#scram.final(message.body.toString("utf8"))));
      this.#phase = "session";
      clearTimeout(this.#timer);
      this.#timer = undefined;
      // PGlite answers the startup itself: AuthenticationOk, its parameters, ReadyForQuery.
      this.#pending.push({ type: 0, frame: pgliteStartup, body: pgliteStartup });
      this.#drain();
      return;
    }
  }

  #readSession(): void {
    for (;;) {
      const message = this.#reader.nextMessage(sessionTypes, maxMessageBytes);
      if (!message) return;
      // Only whole messages count as activity: a trickle of bytes cannot keep a turn alive.
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#pending.push(message);
      this.#drain();
    }
  }

  /** Runs the pending messages one by one; the socket is paused meanwhile, so input stays bounded. */
  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    this.#socket.pause();
    try {
      for (let message = this.#pending.shift(); message; message = this.#pending.shift()) {
        await this.#handle(message);
        if (this.#phase === "closed") return;
      }
    } catch (error) {
      this.#fail(error);
      return;
    } finally {
      this.#draining = false;
    }
    this.#socket.resume();
    if (this.#queue.owns(this.#id)) this.#armIdleTimer();
  }

  async #handle(message: FrontendMessage): Promise<void> {
    if (message.type === terminateMessageType) {
      this.#close();
      return;
    }
    if (this.#skippingToSync) {
      if (message.type === syncMessageType) {
        this.#skippingToSync = false;
        this.#write(readyForQueryIdle);
      }
      return;
    }
    const isStartup = message.type === 0;
    if (!this.#queue.owns(this.#id)) {
      const granted = await this.#queue.acquire(this.#id, this.#waitLimit?.ms);
      if (this.#phase === "closed") {
        if (granted) this.#queue.release(this.#id);
        return;
      }
      if (!granted) {
        this.#refuseWait(message, isStartup);
        return;
      }
      this.#turnTimer = setTimeout(
        () => this.#fatal("25P04", "terminating connection due to transaction timeout"),
        this.#limits.turnMs,
      );
    }
    await this.#queue.run(message.frame, (data) => this.#write(data));
    if (this.#phase === "closed") return;
    if (isStartup) this.#queue.release(this.#id);
    else this.#queue.finishMessage(this.#id, message.type);
    if (!this.#queue.owns(this.#id)) clearTimeout(this.#turnTimer);
    if (this.#socket.writableLength > this.#limits.maxUnreadBytes) {
      this.#fatal("53400", "terminating connection: the client does not read its results");
    }
  }

  /** The client's lock or statement timeout passed while it waited for the database. */
  #refuseWait(message: FrontendMessage, isStartup: boolean): void {
    if (isStartup) {
      this.#fatal("57P03", "the database system is busy: try again");
      return;
    }
    const limit = this.#waitLimit ?? { sqlState: "57014", message: "canceling statement" };
    this.#write(errorResponse("ERROR", limit.sqlState, limit.message));
    if (message.type === syncMessageType || message.type === queryMessageType) {
      this.#write(readyForQueryIdle);
    } else this.#skippingToSync = true;
  }

  #armIdleTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#queue.isInTransaction()) {
        this.#fatal("25P03", "terminating connection due to idle-in-transaction timeout");
      } else {
        this.#fatal(
          "57P05",
          "terminating connection due to idle timeout: a message was never synced",
        );
      }
    }, this.#limits.idleTurnMs);
  }

  #write(data: Uint8Array): void {
    if (this.#phase !== "closed" && data.length > 0) this.#socket.write(data);
  }

  #fatal(sqlState: string, message: string): void {
    if (this.#phase === "closed") return;
    this.#socket.end(errorResponse("FATAL", sqlState, message), () => this.#socket.destroy());
    // A client that reads nothing never lets the error drain: it is cut off anyway.
    setTimeout(() => this.#socket.destroy(), 1000).unref();
    this.#close();
  }

  /** A fault of ours: this connection ends, the server goes on. */
  #fail(error: unknown): void {
    logger("db").error("connection failed:", error);
    this.#fatal("XX000", "internal error");
  }

  #close(): void {
    if (this.#phase === "closed") return;
    this.#phase = "closed";
    clearTimeout(this.#timer);
    clearTimeout(this.#turnTimer);
    this.#pending.length = 0;
    if (!this.#socket.writableEnded) this.#socket.destroy();
    this.#queue.forget(this.#id).catch((error: unknown) => {
      if (!this.#queue.closed) logger("db").error("could not end a session's turn:", error);
    });
  }
}
