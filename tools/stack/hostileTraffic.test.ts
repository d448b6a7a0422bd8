import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import postgres from "postgres";
import { localPublishableKey } from "./env.ts";
import { defaultGatewayLimits, type GatewayLimits } from "./gateway.ts";
import { type LoopbackAnswer, loopbackRequest as send } from "./loopbackRequest.ts";
import { siteDistDir } from "./paths.ts";
import {
  frontendMessage,
  openRawConnection,
  openRawSession,
  type RawPostgresSession,
  sqlStateOf,
} from "./rawPostgresSession.ts";
import { startTestHelper, type TestHelper } from "./testHelperClient.ts";

/**
 * The embedded stack under the attacks that once froze or bloated it, run in a process of its
 * own (stackProcess.ts) so a frozen event loop fails these tests instead of hanging them. The
 * gateway's timeouts are shortened so the tests need not wait the real ones out; its other
 * limits are the ones `pnpm start` has.
 */
const gatewayLimits = {
  ...defaultGatewayLimits,
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
} satisfies GatewayLimits;

let helper: TestHelper;
let siteUrl: string;
let functionsUrl: string;
let databaseUrl: string;

before(async () => {
  if (!existsSync(join(siteDistDir, "index.html"))) {
    throw new Error(
      `${siteDistDir} has no build: run \`pnpm build\` (or \`pnpm test\`) from the repository root`,
    );
  }
  helper = startTestHelper(
    "stackProcess.ts",
    [
      JSON.stringify({
        site: { port: 0, distDir: siteDistDir },
        gatewayLimits,
        // Rate limiting is not under test here; every test still sends from its own address.
        functionEnv: { RATE_LIMIT_MAX: "100000" },
      }),
    ],
    ["--expose-gc"],
  );
  ({ siteUrl, functionsUrl, databaseUrl } = await helper.next<{
    siteUrl: string;
    functionsUrl: string;
    databaseUrl: string;
  }>());
});

after(async () => {
  await helper?.close();
});

function submission(): string {
  return JSON.stringify({
    name: "Hostile Tester",
    phone: "(586) 555-0100",
    email: "hostile@example.com",
    service: "exterior",
    message: `Sent while the stack is under attack (${randomUUID()}).`,
    requestId: randomUUID(),
    website: "",
    elapsedMs: 8000,
  });
}

const submissionHeaders = {
  apikey: localPublishableKey,
  "content-type": "application/json",
  origin: "http://localhost:8080",
};

/** The site's page and a stored submission, each timed. */
async function siteAndFunctionAnswer(from: string) {
  const timed = async (answer: Promise<LoopbackAnswer>) => {
    const started = performance.now();
    const { status } = await answer;
    return { status, ms: performance.now() - started };
  };
  const [site, fn] = await Promise.all([
    timed(send(`${siteUrl}/`, { from })),
    timed(
      send(functionsUrl, { method: "POST", headers: submissionHeaders, body: submission(), from }),
    ),
  ]);
  return { site, fn };
}

/** A bare TCP connection to an http:// URL's host and port, from a given address. */
async function openSocket(url: string, from: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: from });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  return socket;
}

/** Everything the server sends until it closes the connection, and how long that took. */
function untilClosed(socket: Socket): Promise<{ received: string; ms: number }> {
  const started = performance.now();
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  return new Promise((resolve) =>
    socket.once("close", () => resolve({ received, ms: performance.now() - started })),
  );
}

const malformedFrames: Array<{ name: string; bytes: Buffer; afterStartup: boolean }> = [
  {
    name: "51 00 00 00 00 as the first bytes",
    bytes: Buffer.from("5100000000", "hex"),
    afterStartup: false,
  },
  {
    name: "an HTTP request before any startup",
    bytes: Buffer.from("GET / HTTP/1.1\r\n\r\n"),
    afterStartup: false,
  },
  {
    name: "a startup packet of negative length",
    bytes: Buffer.from("ffffff00", "hex"),
    afterStartup: false,
  },
  {
    name: "a query before the password",
    bytes: frontendMessage("Q", "select 1\0"),
    afterStartup: false,
  },
  { name: "a message of length 0", bytes: Buffer.from("5100000000", "hex"), afterStartup: true },
  {
    name: "a message of negative length",
    bytes: Buffer.from("51fffffff0", "hex"),
    afterStartup: true,
  },
  {
    name: "a message of length 2^31-1",
    bytes: Buffer.from("517fffffff", "hex"),
    afterStartup: true,
  },
  {
    name: "a message over the size limit",
    bytes: Buffer.from("5102000000", "hex"),
    afterStartup: true,
  },
  { name: "an unknown message type", bytes: frontendMessage("z", "hello"), afterStartup: true },
  { name: "a Sync with a body", bytes: frontendMessage("S", "x"), afterStartup: true },
];

test("every malformed frame to the database port closes that connection only, and the site and the function answer within 1 s", async () => {
  const healthy = postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await healthy`select 1`;
    for (const frame of malformedFrames) {
      const session: RawPostgresSession = frame.afterStartup
        ? await openRawSession(databaseUrl)
        : await openRawConnection(databaseUrl);
      session.socket.write(frame.bytes);
      const refusal = await session.next().catch(() => undefined);
      await session.closed;
      assert.equal(refusal?.type, "E", `${frame.name}: an ErrorResponse before the close`);
      assert.equal(sqlStateOf(refusal), "08P01", `${frame.name}: a protocol violation`);

      const { site, fn } = await siteAndFunctionAnswer("127.0.0.21");
      assert.equal(site.status, 200, frame.name);
      assert.equal(fn.status, 200, frame.name);
      assert.ok(site.ms < 1000, `${frame.name}: the site answered after ${Math.round(site.ms)} ms`);
      assert.ok(fn.ms < 1000, `${frame.name}: the function answered after ${Math.round(fn.ms)} ms`);
      const [row] = await healthy<{ alive: number }[]>`select 1 as alive`;
      assert.equal(row?.alive, 1, `${frame.name}: another session goes on`);
    }
  } finally {
    await healthy.end();
  }
});

test("a statement running on the embedded database never delays the site", async () => {
  const session = await openRawSession(databaseUrl);
  try {
    session.socket.write(frontendMessage("Q", "select pg_sleep(2)\0"));
    let sleeping = true;
    const slept = session.untilReady().then(() => {
      sleeping = false;
    });
    const robots = await send(`${siteUrl}/robots.txt`, { from: "127.0.0.22" });
    assert.equal(robots.status, 200);
    assert.ok(sleeping, "robots.txt was served while the statement was still running");
    await slept;
  } finally {
    session.close();
  }
});

test("the gateway routes by path alone: a Host header cannot reach the deliverer", async () => {
  for (const host of ["x/deliver?", "x/functions/v1/send-contact-email/deliver?", "evil.example"]) {
    const answer = await send(functionsUrl, {
      method: "POST",
      headers: { ...submissionHeaders, host },
      body: submission(),
      from: "127.0.0.23",
    });
    assert.equal(answer.status, 200, `Host ${host}: ${answer.body}`);
    assert.match(answer.body, /^\{"id":"[0-9a-f-]{36}"\}$/, `Host ${host} reached the intake`);
  }
});

test("a body above the gateway's cap is never read: the function refuses it from its head alone, with CORS", async () => {
  const cap = gatewayLimits.maxBodyBytes;
  const declared = await send(functionsUrl, {
    method: "POST",
    headers: { ...submissionHeaders, "content-length": String(100 * 1024 * 1024) },
    from: "127.0.0.24",
    timeoutMs: 3000,
  }).catch((error: unknown): LoopbackAnswer => ({ status: 0, headers: {}, body: String(error) }));
  assert.equal(declared.status, 413, "a declared 100 MB body is refused at once");
  assert.equal(declared.headers["access-control-allow-origin"], "http://localhost:8080");

  const streamed = await send(functionsUrl, {
    method: "POST",
    headers: { ...submissionHeaders, "transfer-encoding": "chunked" },
    body: "x".repeat(cap + 1),
    from: "127.0.0.24",
  });
  assert.equal(streamed.status, 413, "a streamed body over the cap is cut off");
  assert.equal(streamed.headers.connection, "close");
  assert.equal(streamed.headers["access-control-allow-origin"], "http://localhost:8080");

  const functionsOwn = await send(functionsUrl, {
    method: "POST",
    headers: submissionHeaders,
    body: "x".repeat(cap),
    from: "127.0.0.24",
  });
  assert.equal(functionsOwn.status, 413, "the function refuses a body at the cap itself");
  assert.equal(functionsOwn.headers["access-control-allow-origin"], "http://localhost:8080");
});

test("headers that never finish are cut off after the header timeout", async () => {
  const socket = await openSocket(functionsUrl, "127.0.0.25");
  const closed = untilClosed(socket);
  socket.write("POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: x\r\nX-Slow: ");
  const { received, ms } = await closed;
  assert.match(received, /^HTTP\/1\.1 408/);
  assert.ok(ms < gatewayLimits.headersTimeoutMs + 2000, `closed after ${Math.round(ms)} ms`);
});

test("a body that never finishes is cut off after the request timeout", async () => {
  const socket = await openSocket(functionsUrl, "127.0.0.26");
  const closed = untilClosed(socket);
  socket.write(
    "POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
      'Content-Length: 1000\r\n\r\n{"name":',
  );
  const { received, ms } = await closed;
  assert.match(received, /^HTTP\/1\.1 408/);
  assert.ok(ms < gatewayLimits.requestTimeoutMs + 2000, `closed after ${Math.round(ms)} ms`);
});

test("the gateway holds at most its connection limit, and stalled clients make room for a whole request", async () => {
  const limit = gatewayLimits.maxConnections;
  // Twice the limit of clients that send half a request and wait.
  const stalled = await Promise.all(
    Array.from({ length: 2 * limit }, async () => {
      const socket = await openSocket(functionsUrl, "127.0.0.27");
      const closed = untilClosed(socket);
      socket.write("POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: x\r\n");
      return { socket, closed };
    }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = stalled.filter(({ socket }) => !socket.destroyed && socket.readyState === "open");
    assert.ok(open.length <= limit, `${open.length} stalled clients still connected`);
    const answer = await send(functionsUrl, {
      method: "POST",
      headers: submissionHeaders,
      body: submission(),
      from: "127.0.0.27",
    });
    assert.equal(answer.status, 200, "a whole request gets through a full gateway");
  } finally {
    for (const { socket } of stalled) socket.destroy();
  }
});

/** Clients that stream 256 KB of a body they never finish (one buffer shared by all), then leave. */
async function streamUnfinishedBodies(count: number): Promise<void> {
  const head =
    "POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
    "Transfer-Encoding: chunked\r\n\r\n40000\r\n";
  const chunk = Buffer.alloc(0x40000, "x");
  const clients = await Promise.all(
    Array.from({ length: count }, async () => {
      const socket = await openSocket(functionsUrl, "127.0.0.28").catch(() => undefined);
      socket?.write(head);
      socket?.write(chunk);
      return socket;
    }),
  );
  // Long enough for the gateway to read what it takes of every body.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const socket of clients) socket?.destroy();
  // The gateway lets go of a connection when it sees it close, a moment later.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

test("memory returns to within 10% of its baseline after 600 clients streaming unfinished bodies go", async () => {
  const rss = async () => (await helper.command<{ rss: number }>("memory")).rss;
  // A burst of ordinary traffic first (pages and submissions, as many at once as the gateway
  // takes), so the baseline is a process that has served some, whatever ran before.
  await Promise.all(
    Array.from({ length: gatewayLimits.maxConnections }, () => siteAndFunctionAnswer("127.0.0.28")),
  );
  const baseline = await rss();
  await streamUnfinishedBodies(600);
  // Memory comes back over a moment (the allocator and the garbage collector return it in steps):
  // it may take up to two seconds.
  let afterwards = await rss();
  for (let tries = 0; afterwards > baseline * 1.1 && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    afterwards = await rss();
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  assert.ok(
    afterwards <= baseline * 1.1,
    `rss ${mb(afterwards)} two seconds after the clients left, baseline ${mb(baseline)}`,
  );
});
