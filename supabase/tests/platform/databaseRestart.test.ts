import { strict as assert } from "node:assert";
import { connect } from "../../../tools/postgres/src/client.ts";
import {
  connectDatabase,
  databaseTimeouts,
} from "../../functions/send-contact-email/platform/database.ts";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { startRestartableDatabase } from "../support/testDatabase.ts";

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

Deno.test("a database restart in the middle of 100 submissions loses none and duplicates none", async (t) => {
  const database = await startRestartableDatabase();
  // The function's own pool, as index.ts makes it: nothing here reconnects it by hand.
  const db = connectDatabase(database.url, 5);
  const { handle, settle } = startHandler({ db });
  const submissions = Array.from({ length: 100 }, (_, i) => ({
    body: validSubmission({ name: `Restart ${i}` }),
    address: `198.18.0.${i}`,
  }));
  const send = async ({ body, address }: (typeof submissions)[number]): Promise<Answer> => {
    const response = await handle(postRequest(body, { address }));
    return {
      status: response.status,
      body: await readJson(response),
      retryAfter: response.headers.get("retry-after"),
    };
  };
  // The test's own connection, to read what was stored: the function's pool is under test.
  const sql = connect(database.url);
  const leadsByRequestId = async () => {
    const rows = await sql<{ request_id: string; id: string; notifications: number }[]>`
      select r.request_id::text, r.id::text,
        (select count(*)::int from public.contact_notifications n
          where n.contact_request_id = r.id and n.kind = 'alert-email') as notifications
      from public.contact_requests r`;
    return new Map(rows.map((row) => [row.request_id, row]));
  };
  try {
    let first: Answer[] = [];
    await t.step(
      "sent at once while the database restarts, each gets 200 or 503 with a readable error, soon",
      async () => {
        let answered = 0;
        let restart: Promise<void> | undefined;
        let restartedAt = 0;
        first = await Promise.all(
          submissions.map(async (submission) => {
            const answer = await send(submission);
            answered += 1;
            // A quarter in, the database goes away and comes back on the same data directory.
            if (answered === 25) {
              restart = database.stop().then(database.start);
              restartedAt = performance.now();
            }
            return answer;
          }),
        );
        await restart;
        const waited = (performance.now() - restartedAt) / 1000;
        // "Soon": a visitor whose connection was being made as the database went away waits at
        // most the function's own bound on a query, plus the restart itself on a busy machine.
        const soon = databaseTimeouts.queryMs / 1000 + 5;
        assert.ok(
          waited < soon,
          `the last visitor waited ${waited.toFixed(1)} s after the restart`,
        );
        const statuses = first.map((answer) => answer.status);
        assert.ok(statuses.includes(200), "some were stored before the restart");
        assert.ok(statuses.includes(503), "the restart interrupted some");
        for (const answer of first) {
          if (answer.status === 200) continue;
          assert.equal(answer.status, 503, JSON.stringify(answer.body));
          assert.equal(answer.retryAfter, "30");
          assert.match(String(answer.body.error), /try again in a minute/);
        }
        const stored = statuses.filter((status) => status === 200).length;
        console.log(`first round: ${stored} stored, ${100 - stored} answered 503`);
      },
    );

    await t.step(
      "every 200 of the first round is stored once, with the id it was given",
      async () => {
        const leads = await leadsByRequestId();
        for (const [index, answer] of first.entries()) {
          if (answer.status !== 200) continue;
          const lead = leads.get(String(submissions[index]?.body.requestId));
          assert.equal(lead?.id, answer.body.id);
          assert.equal(lead?.notifications, 1);
        }
      },
    );

    await t.step(
      "retrying each 503 with the same request id gets 200 from the same pool, reconnected",
      async () => {
        for (const [index, answer] of first.entries()) {
          const submission = submissions[index];
          if (answer.status === 200 || !submission) continue;
          const retry = await send(submission);
          assert.equal(retry.status, 200, JSON.stringify(retry.body));
        }
      },
    );

    await t.step("in the end there is exactly one lead per request id, 100 in all", async () => {
      const again = await Promise.all(submissions.map(send));
      const leads = await leadsByRequestId();
      assert.equal(leads.size, 100);
      for (const [index, submission] of submissions.entries()) {
        const lead = leads.get(String(submission.body.requestId));
        assert.ok(lead, `request ${index} is stored`);
        assert.equal(lead.notifications, 1, "its owner email was queued with it");
        assert.equal(again[index]?.status, 200);
        assert.equal(again[index]?.body.id, lead.id, "a later retry gets the same lead");
        if (first[index]?.status === 200) assert.equal(first[index]?.body.id, lead.id);
      }
    });
  } finally {
    await settle();
    await db.end();
    await sql.end();
    await database.close();
  }
});
