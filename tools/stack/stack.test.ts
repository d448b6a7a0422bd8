import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { after, before, test } from "node:test";
import postgres from "postgres";
import { localPublishableKey } from "./env.ts";
import { type EphemeralStack, startEphemeralStack } from "./ephemeralStack.ts";

let stack: EphemeralStack;

before(async () => {
  stack = await startEphemeralStack();
});

after(async () => {
  await stack.dispose();
});

const submission = () => ({
  name: "Stack Tester",
  phone: "(586) 555-0100",
  email: "stack@example.com",
  service: "exterior",
  message: "Through the gateway.",
  requestId: randomUUID(),
  website: "",
  elapsedMs: 8000,
});

test("the gateway runs the real function and the lead lands in the embedded database", async () => {
  const body = submission();
  const response = await fetch(stack.functionsUrl, {
    method: "POST",
    headers: {
      apikey: localPublishableKey,
      authorization: `Bearer ${localPublishableKey}`,
      "content-type": "application/json",
      "x-client-info": "supabase-js/2",
      origin: "http://localhost:8080",
    },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("access-control-allow-origin"), "http://localhost:8080");
  const { id } = (await response.json()) as { id: string };
  const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
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
    "authorization, x-client-info, apikey, content-type",
  );
});

test("the gateway answers 404 for a function that does not exist", async () => {
  const response = await fetch(stack.functionsUrl.replace("send-contact-email", "nope"), {
    method: "POST",
  });
  assert.equal(response.status, 404);
  assert.equal(typeof ((await response.json()) as { error: unknown }).error, "string");
});

test("the gateway sets X-Forwarded-For itself: a client cannot pick its rate-limit identity", async () => {
  const send = (forwardedFor: string) =>
    fetch(stack.functionsUrl, {
      method: "POST",
      headers: {
        apikey: localPublishableKey,
        "content-type": "application/json",
        "x-forwarded-for": forwardedFor,
      },
      body: JSON.stringify(submission()),
    }).then((response) => response.status);
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push(await send(`192.0.2.${i}`));
  // The default limit is 5 per window, and 1 was used by the first test from the same address.
  assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
});

/** A POST from a given loopback address: the gateway sees each as another client. */
function postFrom(
  localAddress: string,
  url: string,
): Promise<{ status: number; retryAfter?: string }> {
  const body = JSON.stringify(submission());
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          apikey: localPublishableKey,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers["retry-after"]
              ? { retryAfter: response.headers["retry-after"] }
              : {}),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("through the gateway, a flood from one address is limited while another address gets through", async () => {
  const flood = Array.from({ length: 60 }, (_, i) =>
    postFrom(i % 12 === 6 ? "127.0.0.4" : "127.0.0.3", stack.functionsUrl).then((answer) => ({
      ...answer,
      from: i % 12 === 6 ? "B" : "A",
    })),
  );
  const answers = await Promise.all(flood);
  const statusesOf = (client: string) =>
    answers.filter((answer) => answer.from === client).map((answer) => answer.status);
  assert.equal(statusesOf("A").filter((status) => status === 200).length, 5);
  assert.equal(statusesOf("A").filter((status) => status === 429).length, 50);
  assert.deepEqual(statusesOf("B"), [200, 200, 200, 200, 200]);
  for (const answer of answers.filter((a) => a.status === 429)) {
    assert.match(answer.retryAfter ?? "", /^[1-9]\d*$/);
  }
});
