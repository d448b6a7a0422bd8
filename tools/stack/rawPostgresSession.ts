import { Buffer } from "node:buffer";
import { connect, type Socket } from "node:net";
import { startupMessage } from "./postgresWire.ts";
import { scramClient } from "./scramSha256.ts";

/** One message from the server: its type letter and body. */
export interface BackendMessage {
  type: string;
  body: Buffer;
}

/**
 * A Postgres session over a bare socket, for tests that must send what no driver sends (a frame
 * with a broken length, a statement parsed and never synced). It does the startup and the
 * SCRAM-SHA-256 exchange like any client, then hands over the socket.
 */
export interface RawPostgresSession {
  socket: Socket;
  /** The next message from the server; rejects when the server closes first. */
  next(): Promise<BackendMessage>;
  /** Messages up to and including the next ReadyForQuery. */
  untilReady(): Promise<BackendMessage[]>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
  close(): void;
}

export function frontendMessage(type: string, body: Buffer | string = Buffer.alloc(0)): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const header = Buffer.alloc(5);
  header[0] = type.charCodeAt(0);
  header.writeInt32BE(4 + bytes.length, 1);
  return Buffer.concat([header, bytes]);
}

/** A bare connection to `url` and a reader of what the server sends; nothing is sent yet. */
export async function openRawConnection(url: string): Promise<RawPostgresSession> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffered = Buffer.alloc(0);
  const waiting: Array<() => void> = [];
  let ended = false;
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (const wake of waiting.splice(0)) wake();
  });
  socket.on("error", () => {});
  void closed.then(() => {
    ended = true;
    for (const wake of waiting.splice(0)) wake();
  });

  async function next(): Promise<BackendMessage> {
    for (;;) {
      if (buffered.length >= 5) {
        const length = buffered.readInt32BE(1);
        if (buffered.length >= 1 + length) {
          const message = {
            type: String.fromCharCode(buffered[0] ?? 0),
            body: buffered.subarray(5, 1 + length),
          };
          buffered = buffered.subarray(1 + length);
          return message;
        }
      }
      if (ended) throw new Error("the server closed the connection");
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  return {
    socket,
    next,
    async untilReady() {
      const messages: BackendMessage[] = [];
      for (;;) {
        const message = await next();
        messages.push(message);
        if (message.type === "Z") return messages;
      }
    },
    closed,
    close: () => socket.destroy(),
  };
}

/** The SQLSTATE of an ErrorResponse body. */
export function sqlStateOf(message: BackendMessage): string | undefined {
  const field = message.body
    .toString("utf8")
    .split("\0")
    .find((part) => part.startsWith("C"));
  return field?.slice(1);
}

/**
 * A bare connection that has started its session as the user in `url`: by SCRAM-SHA-256 with the
 * password in `url`, or at once where the server trusts the client (the CI's Postgres).
 */
export async function openRawSession(url: string): Promise<RawPostgresSession> {
  const { username, password, pathname } = new URL(url);
  const session = await openRawConnection(url);
  session.socket.write(startupMessage({ user: username, database: pathname.slice(1) || username }));
  const authentication = async () => {
    const message = await session.next();
    if (message.type !== "R") {
      throw new Error(`expected authentication, got ${message.type} ${sqlStateOf(message)}`);
    }
    return { code: message.body.readInt32BE(0), data: message.body.subarray(4).toString("utf8") };
  };
  const requested = await authentication();
  if (requested.code === 10) {
    const scram = scramClient(decodeURIComponent(password));
    const mechanism = Buffer.from("SCRAM-SHA-256\0");
    const first = Buffer.from(scram.first);
    const length = Buffer.alloc(4);
    length.writeInt32BE(first.length);
    session.socket.write(frontendMessage("p", Buffer.concat([mechanism, length, first])));
    const serverFirst = await authentication();
    session.socket.write(frontendMessage("p", scram.final(serverFirst.data)));
    await authentication();
  } else if (requested.code !== 0) {
    throw new Error(`authentication method ${requested.code} is not supported here`);
  }
  await session.untilReady();
  return session;
}
