import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { localPublishableKey } from "../src/env.ts";
import { type LoopbackAnswer, loopbackRequest } from "../testing/loopbackRequest.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";

let stack: ThrowawayStack;

before(async () => {
  // One rate-limit window (a century) for the whole run: a window boundary falling inside a test
  // would reset the counts it checks. Each test sends from a loopback address of its own, so no
  // test uses another's slots and any order of the tests gives the same answers.
  stack = await startThrowawayStack({
    functionEnv: { RATE_LIMIT_WINDOW_SECONDS: String(100 * 365 * 24 * 60 * 60) },
  });
});

after(async () => {
  await stack.dispose();
});

/** A submission POSTed from a given loopback address. */
function postFrom(
  from: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LoopbackAnswer> {
  return loopbackRequest(url, {
    method: "POST",
    from,
    headers: { apikey: localPublishableKey, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const submission = () => ({
  name: "Stack Tester",
  phone: "(586) 555-0100",
  email: "stack@example.com",
  service: "exterior",
  // Its own content: the same content again within a day is a copy of one lead (docs/function.md).
  message: `Through the gateway (${randomUUID()}).`,
  requestId: randomUUID(),
  website: "",
  elapsedMs: 8000,
});

test("the gateway runs the real function and the lead lands in the embedded database", async () => {
  const body = submission();
  const response = await postFrom("127.0.0.11", stack.functionsUrl, body, {
    authorization: `Bearer ${localPublishableKey}`,
    "x-client-info": "supabase-js/2",
    origin: "http://localhost:8080",
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers["access-control-allow-origin"], "http://localhost:8080");
  const { id } = JSON.parse(response.body) as { id: string };
  const sql = connect(stack.databaseUrl);
  try {
    const rows = await sql`select request_id, name from public.contact_requests where id = ${id}`;
    assert.deepEqual([...rows], [{ request_id: body.requestId, name: "Stack Tester" }]);
  } finally {
    await sql.end();
  }
});

test("a CORS preflight passes through the gateway to the function", async () => {
  const response = await fetch(stack.functionsUrl, {
    method: "OPTIONS",
    headers: { origin: "http://localhost:8080", "access-control-request-method": "POST" },
  });
  assert.equal(response.status, 204);
  assert.equal(
    response.headers.get("access-control-allow-headers"),
    "authorization, x-client-info, apikey, content-type, idempotency-key",
  );
});

test("the gateway answers 404 for a function that does not exist", async () => {
  const response = await fetch(stack.functionsUrl.replace("send-contact-email", "nope"), {
    method: "POST",
  });
  assert.equal(response.status, 404);
  assert.equal(typeof ((await response.json()) as { error: unknown }).error, "string");
});

test("the gateway names the client as the platform does: a client cannot pick its rate-limit identity", async () => {
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const answer = await postFrom("127.0.0.12", stack.functionsUrl, submission(), {
      "cf-connecting-ip": `192.0.2.${i}`,
      "x-forwarded-for": `192.0.2.${i}`,
      "x-real-ip": `192.0.2.${i}`,
      "true-client-ip": `192.0.2.${i}`,
      forwarded: `for=192.0.2.${i}`,
    });
    statuses.push(answer.status);
  }
  // The default limit is 5 per window: six made-up addresses from one socket count as one client.
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
});

test("through the gateway, a flood from one address is limited while another address gets through", async () => {
  const flood = Array.from({ length: 60 }, (_, i) =>
    postFrom(i % 12 === 6 ? "127.0.0.14" : "127.0.0.13", stack.functionsUrl, submission()).then(
      (answer) => ({
        status: answer.status,
        retryAfter: answer.headers["retry-after"],
        from: i % 12 === 6 ? "B" : "A",
      }),
    ),
  );
  const answers = await Promise.all(flood);
  const statusesOf = (client: string) =>
    answers.filter((answer) => answer.from === client).map((answer) => answer.status);
  assert.equal(statusesOf("A").filter((status) => status === 200).length, 5);
  assert.equal(statusesOf("A").filter((status) => status === 429).length, 50);
  assert.deepEqual(statusesOf("B"), [200, 200, 200, 200, 200]);
  for (const answer of answers.filter((a) => a.status === 429)) {
    assert.match(String(answer.retryAfter), /^[1-9]\d*$/);
  }
});
