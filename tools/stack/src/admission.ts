import type { Server as HttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";

/** How many connections the gateway serves at once, and how long the others may wait. */
export interface AdmissionLimits {
  /**
   * Connections read and served at once. A connection being read costs the process its buffers
   * (about 170 KB that the allocator keeps after the client goes, measured with clients streaming
   * 1 MB bodies), so this is what bounds memory; the others wait unread, in the kernel's buffers.
   */
  maxActive: number;
  /** A served connection without a whole request after this long is closed when others wait. */
  stalledMs: number;
  /** A connection waiting this long is read at once and answered 503 with Retry-After. */
  maxWaitMs: number;
  /**
   * Connections that may wait their turn. Past capacity (`maxActive` served and this many
   * waiting) the longest waiting is answered 503 with Retry-After at once (from the next tick of
   * the timer), not after `maxWaitMs` in a queue too long to be served in time; at most
   * `maxActive` such answers are read at once, so the memory stays bounded whatever the flood.
   */
  maxWaiting: number;
}

interface Served {
  admittedAt: number;
  /** Its request has arrived whole and is at the function. */
  complete: boolean;
}

/**
 * A listener that hands connections to `http` in turn: at most `maxActive` are read at once,
 * the rest wait unread (paused on connect), in order of arrival, at most `maxWaiting` of them
 * (past that the longest waiting is answered 503 at once). None is reset for want of room:
 * a client trickling its request is closed to make room once it has stalled for `stalledMs`, and
 * a connection that waited `maxWaitMs` is read at once and marked (`isOverflow`) for the request
 * handler to answer 503. Each connection carries one request (every answer closes it), so its
 * turn ends with its answer. `http` never listens itself: its header and request timeouts count
 * from the moment a connection is handed to it.
 */
export function listenInTurn(http: HttpServer, limits: AdmissionLimits) {
  const served = new Map<Socket, Served>();
  const waiting = new Map<Socket, number>();
  const overflow = new WeakSet<Socket>();
  /** Overflow connections being read to be answered 503: bounded like the served ones. */
  let shedding = 0;

  const handOver = (socket: Socket) => {
    waiting.delete(socket);
    http.emit("connection", socket);
    socket.resume();
  };
  const admit = (socket: Socket) => {
    served.set(socket, { admittedAt: Date.now(), complete: false });
    handOver(socket);
  };
  const admitNext = () => {
    for (const socket of waiting.keys()) {
      if (served.size >= limits.maxActive) return;
      admit(socket);
    }
  };
  const makeRoom = () => {
    shed();
    const now = Date.now();
    for (const [socket, since] of waiting) {
      if (now - since < limits.maxWaitMs) break;
      overflow.add(socket);
      handOver(socket);
    }
    if (waiting.size === 0) return;
    for (const [socket, state] of served) {
      if (!state.complete && now - state.admittedAt >= limits.stalledMs) socket.destroy();
    }
  };
  const shedOne = (socket: Socket) => {
    overflow.add(socket);
    shedding += 1;
    socket.once("close", () => {
      shedding -= 1;
      shed();
    });
    handOver(socket);
  };
  /**
   * Past `maxWaiting`, the longest waiting connections are answered 503, as `maxWaitMs` would
   * answer them later. The oldest, not the newest: a waiting connection is unread, so one whose
   * client already left is only found out when read, and after a burst of clients that left, the
   * next real one would be the newest and turned away for them. Read, those close at once.
   */
  const shed = () => {
    for (const socket of waiting.keys()) {
      if (waiting.size <= limits.maxWaiting || shedding >= limits.maxActive) return;
      shedOne(socket);
    }
  };
  const timer = setInterval(makeRoom, Math.min(250, limits.stalledMs / 2));
  timer.unref();

  const listener: Server = createServer({ pauseOnConnect: true }, (socket) => {
    socket.once("close", () => {
      waiting.delete(socket);
      if (served.delete(socket)) admitNext();
    });
    if (served.size < limits.maxActive && waiting.size === 0) admit(socket);
    else waiting.set(socket, Date.now());
  });
  // Node starts checking its header and request timeouts when a server starts listening.
  http.emit("listening");

  return {
    listener,
    /** The request on `socket` has arrived whole: it is no longer a candidate to close. */
    arrived(socket: Socket) {
      const state = served.get(socket);
      if (state) state.complete = true;
    },
    isOverflow: (socket: Socket) => overflow.has(socket),
    close(): Promise<void> {
      clearInterval(timer);
      for (const socket of waiting.keys()) socket.destroy();
      http.closeAllConnections();
      // Clears the timeout checks of "listening" (it never listened: its error is expected).
      http.close(() => {});
      return new Promise((resolve) => listener.close(() => resolve()));
    },
  };
}
