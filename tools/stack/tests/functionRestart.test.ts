import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect, type Database } from "@bluewater/postgres/client";
import { localPublishableKey } from "../src/env.ts";
import { loopbackRequest } from "../testing/loopbackRequest.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";

/**
 * `pnpm start` keeps the function running: when its Deno process dies, the stack logs it and
 * starts it again, and meanwhile every request gets a 503 with Retry-After, never a reset.
 */
let stack: ThrowawayStack;
let sql: Database;
const errors: string[] = [];
const infos: string[] = [];
const { error: consoleError, log: consoleLog } = console;

before(async () => {
  console.error = (...values: unknown[]) => {
    errors.push(values.join(" "));
    consoleError(...values);
  };
  console.log = (...values: unknown[]) => {
    infos.push(values.join(" "));
    consoleLog(...values);
  };
  stack = await startThrowawayStack();
  sql = connect(stack.databaseUrl);
});

after(async () => {
  console.error = consoleError;
  console.log = consoleLog;
  await sql?.end();
  await stack?.dispose();
});

const lead = {
  name: "Restart Tester",
  phone: "(810) 555-0177",
  email: "restart@example.com",
  service: "interior",
  message: `Sent while the function was down (${crypto.randomUUID()}).`,
  requestId: crypto.randomUUID(),
  elapsedMs: 15_000,
};

/** The same lead, as a client that honours Retry-After would send it again. */
function send() {
  return loopbackRequest(stack.functionsUrl, {
    method: "POST",
    headers: {
      apikey: localPublishableKey,
      "content-type": "application/json",
      origin: "http://localhost:8080",
    },
    body: JSON.stringify(lead),
  });
}

test("a killed function is logged and started again; meanwhile a lead gets 503 with Retry-After, never a reset, and is stored once when sent again", async () => {
  const killed = stack.functionPid();
  assert.ok(killed, "the function's Deno process is known");
  process.kill(killed, "SIGKILL");
  // The stack has seen it die once it no longer names a process; its restart waits 1 s first,
  // so the lead sent next finds the function down.
  while (stack.functionPid() !== undefined) await new Promise((resolve) => setTimeout(resolve, 10));

  const answers: Array<{ status: number; retryAfter: string | undefined }> = [];
  // A hang guard only: each answer comes at once, and the restart's first wait is 1 s.
  const deadline = Date.now() + 60_000;
  for (;;) {
    // A reset or a refused connection would reject here and fail the test.
    const answer = await send();
    answers.push({ status: answer.status, retryAfter: answer.headers["retry-after"] });
    if (answer.status === 200) break;
    assert.equal(answer.status, 503, answer.body);
    assert.equal(answer.headers["retry-after"], "5");
    assert.ok(Date.now() < deadline, "the function came back");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(answers[0]?.status, 503, "the first answer, right after the kill, is a 503");

  // The new process may answer a moment before its start has finished and the stack names it.
  const named = Date.now() + 10_000;
  while (stack.functionPid() === undefined && Date.now() < named) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const restarted = stack.functionPid();
  assert.ok(restarted && restarted !== killed, "a new Deno process runs the function");
  assert.ok(
    errors.some((line) =>
      /send-contact-email exited \(SIGKILL\); starting it again in 1 s/.test(line),
    ),
    errors.join("\n"),
  );
  assert.ok(infos.some((line) => line.includes("send-contact-email is running again")));

  const rows =
    await sql`select id from public.contact_requests where request_id = ${lead.requestId}`;
  assert.equal(rows.length, 1, "stored once");
});
