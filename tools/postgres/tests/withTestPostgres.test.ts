import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { promisify } from "node:util";
import { connect } from "../src/client.ts";
import { createTestDatabase } from "../testing/testDatabases.ts";

const run = promisify(execFile);
const wrapper = new URL("../testing/withTestPostgres.ts", import.meta.url).pathname;

/** What the wrapped command sees: its environment, and a test database made from it. */
const probe = `
  import { createTestDatabase } from ${JSON.stringify(new URL("../testing/testDatabases.ts", import.meta.url).pathname)};
  import { connect } from ${JSON.stringify(new URL("../src/client.ts", import.meta.url).pathname)};
  const database = await createTestDatabase();
  const sql = connect(database.url);
  const [leads] = await sql\`select count(*)::int as n from public.contact_requests\`;
  await sql.end();
  await database.drop();
  console.log(JSON.stringify({ server: process.env.TEST_DATABASE_URL, leads: leads.n }));
`;

test("with-test-postgres gives the command a server with a migrated template, and removes both afterwards", async () => {
  const environment = { ...process.env };
  delete environment.TEST_DATABASE_URL;
  delete environment.TEST_DATABASE_TEMPLATE;
  const { stdout } = await run(
    process.execPath,
    [wrapper, process.execPath, "--input-type=module", "-e", probe],
    { env: environment, cwd: new URL("..", import.meta.url).pathname },
  );
  const seen = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
    server: string;
    leads: number;
  };
  assert.equal(seen.leads, 0, "the test database has the leads table, empty");
  const gone = connect(seen.server, { connectTimeoutSeconds: 2 });
  await assert.rejects(gone`select 1`, /ECONNREFUSED/, "the server is stopped afterwards");
  await gone.end();
});

test("with-test-postgres passes the command's exit code on", async () => {
  await assert.rejects(
    run(process.execPath, [wrapper, process.execPath, "-e", "process.exit(3)"]),
    (error: { code?: number }) => error.code === 3,
  );
});

test("a test without a server is told how to get one", async () => {
  await assert.rejects(createTestDatabase({}), /run it through `pnpm test`.*TEST_DATABASE_URL/s);
});
