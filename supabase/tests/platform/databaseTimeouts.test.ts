import { strict as assert } from "node:assert";
import { connectDatabase } from "../../functions/send-contact-email/platform/database.ts";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { holdStuckSession, type StuckSessionMode } from "../support/stuckSession.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

/** The most a visitor may wait for an answer while the database is stuck. */
const answerWithinMs = 10_000;

type Handle = (request: Request) => Promise<Response>;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
  waitedMs: number;
}

/** A submission's answer, or status 0 when none came within twice the allowed wait. */
async function submit(handle: Handle): Promise<Answer> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noAnswer = new Promise<Answer>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 0, retryAfter: null, body: {}, waitedMs: 2 * answerWithinMs }),
      2 * answerWithinMs,
    );
  });
  const answered = handle(postRequest(validSubmission())).then(async (response) => ({
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await readJson(response),
    waitedMs: performance.now() - started,
  }));
  try {
    return await Promise.race([answered, noAnswer]);
  } finally {
    clearTimeout(timer);
  }
}

/** Submits until one is stored again (the stuck session gone, a restarted database back). */
async function submitUntilStored(handle: Handle) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const answer = await submit(handle);
    if (answer.status === 200 || performance.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Each stuck session in turn, through the function's own pool: a submission made while it holds
 * on gets 503 with Retry-After in time, and once it is gone submissions are stored again.
 */
async function checkStuckSessions(url: string, modes: StuckSessionMode[]): Promise<void> {
  const db = connectDatabase(url, 5);
  const { handle, settle } = startHandler({ db });
  try {
    assert.equal((await submit(handle)).status, 200, "the pool is connected before the test");
    for (const mode of modes) {
      const stuck = await holdStuckSession(url, mode);
      let answer: Answer;
      try {
        answer = await submit(handle);
      } finally {
        await stuck.release();
      }
      assert.equal(answer.status, 503, `${mode}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.retryAfter, "30", mode);
      assert.match(String(answer.body.error), /try again in a minute/, mode);
      assert.ok(
        answer.waitedMs < answerWithinMs,
        `${mode}: answered after ${Math.round(answer.waitedMs)} ms`,
      );
      const after = await submitUntilStored(handle);
      assert.equal(after.status, 200, `${mode}: stored again once the session is gone`);
    }
  } finally {
    await settle();
    await db.end();
  }
}

Deno.test("a stuck database session gets visitors a 503 with Retry-After within 10 s", async () => {
  const database = await startTestDatabase();
  try {
    // A PostgreSQL server is held only by locks, so each stuck session locks the leads table.
    await checkStuckSessions(database.url, ["idle-in-transaction", "long-statement"]);
  } finally {
    await database.close();
  }
});
