import { strict as assert } from "node:assert";
import { leadTokenHeader } from "@bluewater/content/contact";
import { functionUrl, startLoggingHandler, testConfig, testOrigin } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const day = 24 * 60 * minute;
const config = testConfig({});

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({ db: database.db, config, start: Date.now() });
  const call = (method: string, leadId: string, token?: string, body?: unknown) =>
    handler.handle(
      new Request(`${functionUrl}/outcome/${leadId}`, {
        method,
        headers: {
          origin: testOrigin,
          ...(token === undefined ? {} : { [leadTokenHeader]: token }),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined
          ? {}
          : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      }),
    );
  return {
    database,
    ...handler,
    after: handler.afterLead,
    /** The token of the lead's owner email link. */
    tokenOf: (leadId: string) => new URL(handler.ownerLinkOf(leadId)).hash.slice(1 + 36 + 1),
    post: (leadId: string, token: string | undefined, body: unknown) =>
      call("POST", leadId, token, body),
    get: (leadId: string, token?: string) => call("GET", leadId, token),
    call,
    rows: (leadId: string) => database.sql<
      {
        step: string;
        amount_cents: number | null;
        lost_reason: string | null;
        at: Date;
        undone: boolean;
      }[]
    >`
      select step, amount_cents, lost_reason, at, undone_at is not null as undone
      from public.lead_outcomes where contact_request_id = ${leadId} order by id`,
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

Deno.test("the owner marks each step after the call with the link's token: one tap, stored with its time, replays change nothing", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const token = test.tokenOf(leadId);

    await t.step("GET lists no marks and changes nothing", async () => {
      const response = await test.get(leadId, token);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { marks: [] });
      assert.equal((await test.rows(leadId)).length, 0);
    });

    const steps: Array<[number, Record<string, unknown>]> = [
      [1 * day, { step: "inspected" }],
      [2 * day, { step: "quoted", amountCents: 480_000 }],
      [3 * day, { step: "won", amountCents: 465_000 }],
      [4 * day, { step: "job-done" }],
    ];
    for (const [offset, body] of steps) {
      await t.step(`${body.step}: 200, stored with the time of the tap`, async () => {
        await test.after(leadId, offset);
        const response = await test.post(leadId, token, body);
        assert.equal(response.status, 200);
        const answer = await response.json();
        assert.equal(answer.result, "marked");
        const mark = answer.marks.find((entry: { step: string }) => entry.step === body.step);
        assert.equal(mark.amountCents, body.amountCents ?? null);
        const row = (await test.rows(leadId)).find((entry) => entry.step === body.step);
        const [lead] = await test.database.sql<{ created_at: Date }[]>`
          select created_at from public.contact_requests where id = ${leadId}`;
        assert.equal(row?.at.getTime(), (lead?.created_at.getTime() ?? 0) + offset);
        assert.equal(row?.amount_cents, body.amountCents ?? null);
      });
    }

    await t.step("a second tap is 409 `already`, and the first mark stays", async () => {
      const before = await test.rows(leadId);
      const response = await test.post(leadId, token, { step: "won", amountCents: 1 });
      assert.equal(response.status, 409);
      assert.equal((await response.json()).result, "already");
      assert.deepEqual(await test.rows(leadId), before);
    });

    await t.step("the marks come back in step order", async () => {
      const { marks } = await (await test.get(leadId, token)).json();
      assert.deepEqual(
        marks.map((mark: { step: string }) => mark.step),
        ["inspected", "quoted", "won", "job-done"],
      );
    });
  } finally {
    await test.close();
  }
});

Deno.test("a mark can be undone for 10 minutes, then no more", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const token = test.tokenOf(leadId);
    await test.after(leadId, day);
    await test.post(leadId, token, { step: "lost", reason: "price" });

    await t.step("9 minutes later, undo takes it back and keeps the row as undone", async () => {
      await test.after(leadId, day + 9 * minute);
      const response = await test.post(leadId, token, { undo: "lost" });
      assert.equal(response.status, 200);
      const answer = await response.json();
      assert.deepEqual(answer, { result: "undone", marks: [] });
      assert.deepEqual(
        (await test.rows(leadId)).map((row) => [row.step, row.lost_reason, row.undone]),
        [["lost", "price", true]],
      );
    });

    await t.step("the step can be marked again, with another reason", async () => {
      const response = await test.post(leadId, token, {
        step: "lost",
        reason: "another-company",
      });
      assert.equal(response.status, 200);
      const { marks } = await response.json();
      assert.equal(marks[0].reason, "another-company");
      assert.ok(marks[0].undoUntil, "it can be undone until 10 minutes after");
    });

    await t.step(
      "11 minutes after the mark, undo is 409 `tooLate` and the mark stays",
      async () => {
        await test.after(leadId, day + 20 * minute);
        const response = await test.post(leadId, token, { undo: "lost" });
        assert.equal(response.status, 409);
        const answer = await response.json();
        assert.equal(answer.result, "tooLate");
        assert.equal(answer.marks[0].undoUntil, null);
        assert.equal((await test.rows(leadId)).filter((row) => !row.undone).length, 1);
      },
    );

    await t.step("undoing a step never marked is 409 `notMarked`", async () => {
      const response = await test.post(leadId, token, { undo: "won" });
      assert.equal(response.status, 409);
      assert.equal((await response.json()).result, "notMarked");
    });
  } finally {
    await test.close();
  }
});

Deno.test("forged, expired, cut and another lead's tokens cannot set an outcome", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const otherId = await test.submit({ name: "Pat Rivers" });
    const token = test.tokenOf(leadId);
    const [expiry = "", signature = ""] = token.split(".");
    const body = { step: "won", amountCents: 500_000 };
    const cases: Array<[string, () => Promise<Response>, number, string]> = [
      ["no token", () => test.post(leadId, undefined, body), 400, "incomplete"],
      ["a cut token", () => test.post(leadId, token.slice(0, -3), body), 400, "incomplete"],
      [
        "a forged signature",
        () => test.post(leadId, `${expiry}.${"A".repeat(22)}`, body),
        403,
        "invalid",
      ],
      [
        "a later expiry under the same signature",
        () =>
          test.post(
            leadId,
            `${(Number.parseInt(expiry, 36) + day).toString(36)}.${signature}`,
            body,
          ),
        403,
        "invalid",
      ],
      [
        "another lead's token",
        () => test.post(leadId, test.tokenOf(otherId), body),
        403,
        "invalid",
      ],
      ["this lead's token on another lead", () => test.post(otherId, token, body), 403, "invalid"],
    ];
    for (const [name, send, status, reason] of cases) {
      await t.step(`${name}: ${status} ${reason}, nothing stored`, async () => {
        const response = await send();
        assert.equal(response.status, status);
        assert.equal((await response.json()).reason, reason);
      });
    }
    await t.step("an expired token (8 days on), however valid its signature", async () => {
      await test.after(leadId, 8 * day);
      const response = await test.post(leadId, token, body);
      assert.equal(response.status, 410);
      assert.equal((await response.json()).reason, "expired");
      await test.after(leadId, day);
      const undo = await test.post(leadId, test.tokenOf(leadId), { undo: "won" });
      assert.equal(undo.status, 409, "the valid link still answers");
    });
    const [{ count = -1 } = {}] = await test.database.sql<{ count: number }[]>`
      select count(*)::int as count from public.lead_outcomes`;
    assert.equal(count, 0, "no refused request stored a mark");
  } finally {
    await test.close();
  }
});

Deno.test("a body that is not one mark is 400 with a readable error, and stores nothing", async () => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const token = test.tokenOf(leadId);
    const bodies: Array<[unknown, RegExp]> = [
      [{ step: "hired" }, /Say which step/],
      [{ step: "won" }, /amount in whole cents/],
      [{ step: "won", amountCents: 12.5 }, /amount in whole cents/],
      [{ step: "quoted", amountCents: -100 }, /amount in whole cents/],
      [{ step: "quoted", amountCents: 3_000_000_000 }, /amount in whole cents/],
      [{ step: "inspected", amountCents: 100 }, /Only quoted and won carry an amount/],
      [{ step: "lost" }, /Say why it was lost/],
      [{ step: "lost", reason: "<script>" }, /Say why it was lost/],
      [{ step: "won", amountCents: 100, reason: "price" }, /Only a lost lead carries a reason/],
      [{ undo: "everything" }, /Say which step/],
      ["[1]", /JSON object/],
      ["{", /not valid JSON/],
      [`{"step":"inspected","pad":"${"x".repeat(2000)}"}`, /too large/],
    ];
    for (const [body, error] of bodies) {
      const response = await test.post(leadId, token, body);
      const status = response.status;
      assert.ok(
        status === 400 || status === 413,
        `${JSON.stringify(body).slice(0, 60)}: ${status}`,
      );
      assert.match((await response.json()).error, error);
    }
    const form = await test.handle(
      new Request(`${functionUrl}/outcome/${leadId}`, {
        method: "POST",
        headers: { [leadTokenHeader]: token, "content-type": "text/plain" },
        body: "step=won",
      }),
    );
    assert.equal(form.status, 415);
    assert.equal((await test.rows(leadId)).length, 0);
  } finally {
    await test.close();
  }
});
