import { strict as assert } from "node:assert";
import { hostileFormPost } from "../support/hostileForms.ts";
import { fuzzInProcess } from "../support/inProcessFuzz.ts";

Deno.test("whatever a plain form or a script posts as form fields, the answer keeps the contract and each lead is stored once", async (t) => {
  const runs = 5000;
  const pages = { refusals: 0, redirects: 0 };
  await fuzzInProcess(t, {
    name: "form-post fuzz",
    runs,
    requests: hostileFormPost(),
    contract: "browsers get a 303 or an answer page that refills what they sent; scripts get JSON",
    everyRule: [200, 303, 400, 401, 403, 413, 415, 422, 429],
    leadsPerRun: 1 / 50,
    onAnswered: ({ status, contentType }) => {
      if (status === 303) pages.redirects += 1;
      else if (contentType.startsWith("text/html")) pages.refusals += 1;
    },
  });
  await t.step("browsers were answered with pages, refusals and redirects alike", () => {
    const expected = Number(Deno.env.get("FUZZ_RUNS") ?? runs) / 20;
    assert.ok(pages.refusals > expected, `only ${pages.refusals} answer pages`);
    assert.ok(pages.redirects > expected, `only ${pages.redirects} redirects`);
  });
});
