import { hostileRequest } from "../support/hostileRequests.ts";
import { fuzzInProcess } from "../support/inProcessFuzz.ts";

Deno.test("whatever a client sends, the function answers within its contract and stores each lead once", async (t) => {
  await fuzzInProcess(t, {
    name: "in-process fuzz",
    runs: 10_000,
    requests: hostileRequest({ inProcess: true }),
    contract:
      "generated methods, headers and bodies get a 2xx or 4xx JSON answer docs/function.md allows",
    everyRule: [200, 204, 400, 401, 403, 404, 405, 413, 415, 422, 429],
    leadsPerRun: 1 / 20,
  });
});
