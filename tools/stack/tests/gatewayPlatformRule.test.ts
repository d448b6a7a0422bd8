import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type Gateway, startGateway } from "../src/gateway.ts";
import { loopbackRequest } from "../testing/loopbackRequest.ts";

/**
 * The gateway's answers follow Supabase's documented rule for `<ref>.supabase.co` (its Edge
 * Functions limits): a GET answered with text/html reaches the client as text/plain, so a page
 * that only works as HTML fails here first. A function that is not answering (it died and is
 * being started again) gets the client a 503 with Retry-After, never a reset.
 */
let folder: string;
let upstream: Server;
const gateways: Gateway[] = [];

/** A stand-in for the function on a unix socket: it answers every request as `?type=` says. */
before(async () => {
  folder = await mkdtemp(join(tmpdir(), "bluewater-gateway-"));
  upstream = createServer((request, response) => {
    const type =
      new URL(request.url ?? "/", "http://x").searchParams.get("type") ??
      "text/html; charset=utf-8";
    request.resume();
    response.writeHead(200, { "content-type": type });
    response.end(type.includes("json") ? '{"ok":true}' : "<!doctype html><h1>Hello</h1>");
  });
  await new Promise<void>((resolve) => upstream.listen(join(folder, "fn.sock"), resolve));
});

after(async () => {
  for (const gateway of gateways) await gateway.stop();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

async function gateway(options: { customDomain?: boolean; socket?: string } = {}) {
  const started = await startGateway({
    host: "127.0.0.1",
    port: 0,
    functions: [{ name: "fn", socketPath: join(folder, options.socket ?? "fn.sock") }],
    customDomain: options.customDomain,
  });
  gateways.push(started);
  return `${started.url}/functions/v1/fn`;
}

test("as on <ref>.supabase.co, a GET's (or HEAD's) text/html reaches the client as text/plain", async () => {
  const url = await gateway();
  for (const method of ["GET", "HEAD"]) {
    const answer = await loopbackRequest(`${url}/page`, { method });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["content-type"], "text/plain; charset=utf-8", method);
  }
  const bare = await loopbackRequest(`${url}/page?type=text/html`);
  assert.equal(bare.headers["content-type"], "text/plain");
});

test("a POST's HTML, and JSON to any method, are served as they are", async () => {
  const url = await gateway();
  const posted = await loopbackRequest(`${url}/page`, { method: "POST", body: "x=1" });
  assert.equal(posted.headers["content-type"], "text/html; charset=utf-8");
  const json = await loopbackRequest(`${url}/page?type=application/json`);
  assert.equal(json.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(json.body), { ok: true });
});

test("GATEWAY_CUSTOM_DOMAIN=true serves a GET's HTML as it is, as a custom domain does", async () => {
  const url = await gateway({ customDomain: true });
  const answer = await loopbackRequest(`${url}/page`);
  assert.equal(answer.headers["content-type"], "text/html; charset=utf-8");
});

test("a function that is not answering gets the client a 503 with Retry-After, not a reset", async () => {
  const url = await gateway({ socket: "nobody-listens.sock" });
  for (const method of ["GET", "POST"]) {
    const answer = await loopbackRequest(url, { method, body: method === "POST" ? "{}" : "" });
    assert.equal(answer.status, 503, method);
    assert.equal(answer.headers["retry-after"], "5");
    assert.match(JSON.parse(answer.body).error, /restarting/);
  }
});
