import { Buffer } from "node:buffer";

/**
 * The Postgres frontend/backend protocol (version 3.0) as far as the embedded server needs it:
 * reading what a client sends, strictly, and writing the server's own messages. Every limit here
 * is described in docs/local-stack.md.
 */

/** Postgres's own cap on the packet a session starts with (MAX_STARTUP_PACKET_LENGTH). */
export const maxStartupPacketBytes = 10_000;

/** The largest message a client may send; the biggest statement we run is a migration of ~2 KB. */
export const maxMessageBytes = 1024 * 1024;

/** Authentication messages are short: a mechanism name and a SCRAM line. */
export const maxAuthenticationMessageBytes = 2048;

const protocolVersion3 = 196608;
const sslRequestCode = 80877103;
const gssEncRequestCode = 80877104;
const cancelRequestCode = 80877102;

/** A client broke the protocol: the server answers FATAL 08P01 and closes that connection. */
export class ProtocolViolation extends Error {
  override name = "ProtocolViolation";
}

export type StartupPacket =
  | { kind: "ssl" | "gssenc" | "cancel" }
  | { kind: "startup"; parameters: Map<string, string> };

export interface FrontendMessage {
  /** The message type byte, e.g. 0x51 for Query. */
  type: number;
  /** The whole frame, type byte and length included, as PGlite expects it. */
  frame: Uint8Array;
  body: Buffer;
}

const code = (letter: string) => letter.charCodeAt(0);

/**
 * Messages a session may send once it has started. COPY and the legacy function call are left
 * out: PGlite serves neither over the wire. Sync, Flush and Terminate carry no body at all.
 */
const sessionMessageTypes = new Set(["Q", "P", "B", "E", "D", "C", "S", "H", "X"].map(code));
const emptyMessageTypes = new Set(["S", "H", "X"].map(code));
export const passwordMessageType = code("p");
export const terminateMessageType = code("X");
export const syncMessageType = code("S");
export const queryMessageType = code("Q");

function describeType(type: number): string {
  const printable = type >= 0x20 && type < 0x7f ? ` ("${String.fromCharCode(type)}")` : "";
  return `${type}${printable}`;
}

/** The parameters of a StartupMessage body: name/value C strings, then an empty name. */
function readStartupParameters(body: Buffer): Map<string, string> {
  const parameters = new Map<string, string>();
  const parts = body.toString("utf8").split("\0");
  // A well-formed list ends "name\0value\0\0", which splits into [..., "", ""].
  if (parts.length < 2 || parts.pop() !== "" || parts.pop() !== "" || parts.length % 2 !== 0) {
    throw new ProtocolViolation("invalid startup packet layout: expected terminator as last byte");
  }
  for (let i = 0; i < parts.length; i += 2) {
    const name = parts[i] ?? "";
    if (name === "") throw new ProtocolViolation("invalid startup packet layout: empty name");
    parameters.set(name, parts[i + 1] ?? "");
  }
  return parameters;
}

/**
 * Collects a connection's bytes and cuts them into frames, refusing any frame a Postgres server
 * would refuse before a single byte of it reaches the database: a length that is too small,
 * negative or larger than the limit, an unknown message type, or anything but a startup packet
 * first. Nothing is buffered beyond one frame of at most the limit.
 */
export class FrontendFrameReader {
  #buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
  }

  get bufferedBytes(): number {
    return this.#buffer.length;
  }

  /** The first packet of a connection, or undefined until it has fully arrived. */
  nextStartupPacket(): StartupPacket | undefined {
    // The length is below 65,536, so its first two bytes are zero: anything else (a typed message,
    // an HTTP request) is refused at once instead of waiting for bytes that may never come.
    if (this.#buffer.subarray(0, 2).some((byte) => byte !== 0)) {
      throw new ProtocolViolation("invalid length of startup packet");
    }
    if (this.#buffer.length < 4) return undefined;
    const length = this.#buffer.readInt32BE(0);
    if (length < 8 || length > maxStartupPacketBytes) {
      throw new ProtocolViolation("invalid length of startup packet");
    }
    if (this.#buffer.length < length) return undefined;
    const requestCode = this.#buffer.readInt32BE(4);
    const body = this.#buffer.subarray(8, length);
    this.#buffer = this.#buffer.subarray(length);
    if (requestCode === sslRequestCode && length === 8) return { kind: "ssl" };
    if (requestCode === gssEncRequestCode && length === 8) return { kind: "gssenc" };
    if (requestCode === cancelRequestCode && length === 16) return { kind: "cancel" };
    if (requestCode !== protocolVersion3) {
      throw new ProtocolViolation(
        `unsupported frontend protocol ${requestCode >>> 16}.${requestCode & 0xffff}: server supports 3.0`,
      );
    }
    return { kind: "startup", parameters: readStartupParameters(Buffer.from(body)) };
  }

  /** The next typed message, or undefined until it has fully arrived. */
  nextMessage(allowedTypes: ReadonlySet<number>, maxBytes: number): FrontendMessage | undefined {
    if (this.#buffer.length < 5) {
      const type = this.#buffer[0];
      if (type !== undefined && !allowedTypes.has(type)) {
        throw new ProtocolViolation(`invalid frontend message type ${describeType(type)}`);
      }
      return undefined;
    }
    const type = this.#buffer[0] ?? 0;
    if (!allowedTypes.has(type)) {
      throw new ProtocolViolation(`invalid frontend message type ${describeType(type)}`);
    }
    const length = this.#buffer.readInt32BE(1);
    if (length < 4 || length - 4 > maxBytes) {
      throw new ProtocolViolation(`invalid message length ${length}`);
    }
    if (emptyMessageTypes.has(type) && length !== 4) {
      throw new ProtocolViolation(`invalid message length ${length} for a message without body`);
    }
    if (this.#buffer.length < 1 + length) return undefined;
    const frame = Uint8Array.from(this.#buffer.subarray(0, 1 + length));
    const body = Buffer.from(frame.buffer, 5, length - 4);
    this.#buffer = this.#buffer.subarray(1 + length);
    return { type, frame, body };
  }
}

export const sessionTypes: ReadonlySet<number> = sessionMessageTypes;
export const authenticationTypes: ReadonlySet<number> = new Set([passwordMessageType]);

/** A backend message: type byte, Int32 length (itself included), body. */
function backendMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = code(type);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

function int32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
}

export type Severity = "ERROR" | "FATAL";

/** ErrorResponse with severity, SQLSTATE and message, the fields every client reads. */
export function errorResponse(severity: Severity, sqlState: string, message: string): Buffer {
  const fields = [`S${severity}`, `V${severity}`, `C${sqlState}`, `M${message}`];
  return backendMessage("E", Buffer.from(`${fields.join("\0")}\0\0`, "utf8"));
}

/** ReadyForQuery while idle: only sessions outside a transaction ever get it from us. */
export const readyForQueryIdle = backendMessage("Z", Buffer.from("I"));

/** The answer to SSLRequest and GSSENCRequest: this server speaks neither. */
export const encryptionRefused = Buffer.from("N");

export function authenticationSasl(mechanism: string): Buffer {
  return backendMessage("R", Buffer.concat([int32(10), Buffer.from(`${mechanism}\0\0`)]));
}

export function authenticationSaslContinue(data: string): Buffer {
  return backendMessage("R", Buffer.concat([int32(11), Buffer.from(data)]));
}

export function authenticationSaslFinal(data: string): Buffer {
  return backendMessage("R", Buffer.concat([int32(12), Buffer.from(data)]));
}

/** A StartupMessage for protocol 3.0 with the given parameters. */
export function startupMessage(parameters: Record<string, string>): Buffer {
  const pairs = Object.entries(parameters).flatMap(([name, value]) => [name, value]);
  const body = Buffer.from(`${pairs.join("\0")}\0\0`);
  return Buffer.concat([int32(8 + body.length), int32(protocolVersion3), body]);
}

/** The body of a SASLInitialResponse: mechanism name, Int32 length, the client's first message. */
export function readSaslInitialResponse(body: Buffer): { mechanism: string; data: string } {
  const end = body.indexOf(0);
  if (end < 0 || body.length < end + 5) throw new ProtocolViolation("malformed SASL message");
  const length = body.readInt32BE(end + 1);
  const data = body.subarray(end + 5);
  if (length !== data.length) throw new ProtocolViolation("malformed SASL message");
  return { mechanism: body.toString("utf8", 0, end), data: data.toString("utf8") };
}
