import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { defaultGatewayLimits, type Gateway, startGateway } from "../src/gateway.ts";

/**
 * A body over the gateway's cap is answered with a 413 the client can read: the gateway reads
 * the rest of it (up to its drain bound) before it answers and closes, so the connection is not
 * reset under a client still sending, which Node's `fetch` reports as EPIPE instead of the answer.
 */
let folder: string;
let upstream: Server;
let gateway: Gateway;
let url: string;

/** A stand-in for the function: like the real one, it refuses a large body from its head alone. */
before(async () => {
  folder = await mkdtemp(join(tmpdir(), "bluewater-gateway-"));
  upstream = createServer((request, response) => {
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > defaultGatewayLimits.maxBodyBytes) {
      response.writeHead(413, { "content-type": "application/json" });
      response.end('{"error":"The request body is too large."}');
      return;
    }
    request.resume();
    request.on("end", () => response.end("{}"));
  });
  await new Promise<void>((resolve) => upstream.listen(join(folder, "fn.sock"), resolve));
  gateway = await startGateway({
    host: "127.0.0.1",
    port: 0,
    functions: [{ name: "fn", socketPath: join(folder, "fn.sock") }],
  });
  url = `${gateway.url}/functions/v1/fn`;
});

after(async () => {
  await gateway?.stop();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

const threeMegabytes = JSON.stringify({ message: "x".repeat(3 * 1024 * 1024) });

test("Node's fetch sending a 3 MB JSON body reads the 413, every time", async () => {
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const outcome = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: threeMegabytes,
    }).then(
      async (response) => {
        const answer = (await response.json()) as { error?: string };
        return `${response.status} ${answer.error}`;
      },
      (error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`,
    );
    outcomes.push(outcome);
  }
  assert.deepEqual(outcomes, Array(10).fill("413 The request body is too large."));
});

test("a client sending a large body slowly is not reset before it has sent it all", async () => {
  const socket = connect(gateway.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  const closed = new Promise<string>((resolve) => {
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.once("close", () => resolve("closed"));
  });
  const size = 1024 * 1024;
  socket.write(
    `POST /functions/v1/fn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
  );
  // Sent in pieces with pauses, so that the gateway has seen past its cap long before the end.
  const piece = "x".repeat(64 * 1024);
  for (let sent = 0; sent < size; sent += piece.length) {
    const written = await new Promise<boolean>((resolve) =>
      socket.write(piece, (error) => resolve(error === undefined || error === null)),
    );
    assert.ok(written, `the connection was cut after ${sent} bytes`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(await closed, "closed");
  assert.match(received, /^HTTP\/1\.1 413 /);
  assert.match(received, /The request body is too large\./);
});
