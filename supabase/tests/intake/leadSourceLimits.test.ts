import { strict as assert } from "node:assert";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

/**
 * Sources the schema and the tables could count apart, or that no page sends: each lead is stored
 * (without the bad source), and the log names no detail of it.
 */
const hostileSources: Record<string, Record<string, unknown>> = {
  "100 graphemes of 200 code points": { utmSource: "e\u0301".repeat(100) },
  "101 code points": { utmMedium: "x".repeat(101) },
  "oversized (9,000 code points)": { utmCampaign: "campaign-".repeat(1_000) },
  "a lone high surrogate": { utmSource: `spring${"\ud83d"}` },
  "a lone low surrogate": { utmCampaign: `\udca9${"a".repeat(10)}` },
  "a NUL byte": { utmSource: "goo\u0000gle" },
  "control characters": { utmMedium: "c\u0007p\u001bc\u007f" },
  "a line separator": { utmCampaign: "a\u2028b" },
};

Deno.test("a lead is stored whatever its source says, and nothing of it is logged", async (t) => {
  const database = await startTestDatabase();
  try {
    const { handle, logLines } = startHandler({ db: database.db });
    for (const [name, source] of Object.entries(hostileSources)) {
      await t.step(name, async () => {
        logLines.length = 0;
        const lead = validSubmission({
          name: "Quinn Sourcetest",
          email: "quinn.sourcetest@example.com",
          phone: "(586) 555-0177",
          ...source,
        });
        const answer = await handle(postRequest(lead));
        assert.equal(answer.status, 200, await answer.clone().text());
        const { id } = await readJson(answer);
        const [row] = await database.sql`
          select name, utm_source, utm_medium, utm_campaign
          from public.contact_requests where id = ${String(id)}`;
        assert.deepEqual(row, {
          name: "Quinn Sourcetest",
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
        });
        const log = logLines.join("\n");
        for (const detail of [
          "Quinn",
          "quinn.sourcetest",
          "555-0177",
          String(lead.message),
          ...Object.values(source).map((value) => String(value).slice(0, 20)),
        ]) {
          assert.ok(!log.includes(detail), `the log holds ${JSON.stringify(detail)}:\n${log}`);
        }
      });
    }

    await t.step("100 code points, some of them combining, are kept whole", async () => {
      const tag = "e\u0301".repeat(50);
      const answer = await handle(postRequest(validSubmission({ utmSource: tag })));
      assert.equal(answer.status, 200);
      const { id } = await readJson(answer);
      const [row] = await database.sql`
        select utm_source from public.contact_requests where id = ${String(id)}`;
      assert.equal(row?.utm_source, tag);
    });
  } finally {
    await database.close();
  }
});
