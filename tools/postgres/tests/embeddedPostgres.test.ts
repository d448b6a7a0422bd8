import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { connect } from "../src/client.ts";
import { isRunning, startPostgres, temporaryServerFolder } from "../src/embeddedPostgres.ts";
import { prepareSupabaseSchema } from "../src/supabaseSchema.ts";

let folder: string;

before(async () => {
  folder = await temporaryServerFolder("bluewater-postgres-test");
});

after(async () => {
  await rm(folder, { recursive: true, force: true });
});

test("a new folder becomes a PostgreSQL 17 cluster that asks for the password and keeps its data across a stop", async () => {
  const dataDir = join(folder, "first");
  const server = await startPostgres({ dataDir, port: 0 });
  const sql = connect(server.url);
  try {
    const [row] = await sql<
      { version: string }[]
    >`select current_setting('server_version') as version`;
    assert.match(String(row?.version), /^17\./);
    await sql`create table kept (note text)`;
    await sql`insert into kept values ('before the stop')`;
  } finally {
    await sql.end();
  }
  const wrongPassword = connect(server.url.replace(":postgres@", ":wrong@"));
  await assert.rejects(wrongPassword`select 1`, /password authentication failed/);
  await wrongPassword.end();
  await server.stop();
  await server.exited;

  const again = await startPostgres({ dataDir, port: 0 });
  const sqlAgain = connect(again.url);
  try {
    assert.deepEqual([...(await sqlAgain`select note from kept`)], [{ note: "before the stop" }]);
  } finally {
    await sqlAgain.end();
    await again.stop();
  }
});

test("the schema gets Supabase's API roles, and leads are closed to them by row-level security", async () => {
  const server = await startPostgres({ dataDir: join(folder, "roles"), port: 0, throwaway: true });
  const sql = connect(server.url);
  try {
    const applied = await prepareSupabaseSchema(server.url);
    assert.ok(applied.length > 0, "the migrations were applied");
    assert.deepEqual(await prepareSupabaseSchema(server.url), [], "and only once");
    const roles = await sql<{ rolname: string }[]>`
      select rolname from pg_roles
      where rolname in ('anon', 'authenticated', 'service_role') order by rolname`;
    assert.deepEqual(
      roles.map((role) => role.rolname),
      ["anon", "authenticated", "service_role"],
    );
    const [leads] = await sql<{ rls: boolean }[]>`
      select relrowsecurity as rls from pg_class where oid = 'public.contact_requests'::regclass`;
    assert.equal(leads?.rls, true);
  } finally {
    await sql.end();
    await server.stop();
  }
});

test("a server left running by a process killed outright is stopped at the next start, and every committed row is kept", async () => {
  const dataDir = join(folder, "killed");
  const owner = spawn(
    process.execPath,
    [new URL("./support/serverOwner.ts", import.meta.url).pathname, dataDir, "50"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const [line] = (await once(createInterface({ input: owner.stdout }), "line")) as [string];
  const { pid } = JSON.parse(line) as { pid: number };
  owner.kill("SIGKILL");
  await once(owner, "exit");
  assert.ok(isRunning(pid), "the server outlives the process that started it");

  const server = await startPostgres({ dataDir, port: 0 });
  const sql = connect(server.url);
  try {
    assert.ok(!isRunning(pid), "the left-over server was stopped");
    const [row] = await sql<{ rows: number }[]>`select count(*)::int as rows from acknowledged`;
    assert.equal(row?.rows, 50);
  } finally {
    await sql.end();
    await server.stop();
  }
});

test("a port already taken fails the start with a message that names it", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const address = taken.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    await assert.rejects(
      startPostgres({ dataDir: join(folder, "busy"), port, throwaway: true }),
      (error: Error) =>
        error.message.includes(`127.0.0.1:${port}`) && /using that port/.test(error.message),
    );
  } finally {
    taken.close();
  }
});

test("as root, a data folder the postgres account cannot enter fails with a message that says how to fix it", {
  skip:
    process.getuid?.() === 0
      ? false
      : "PostgreSQL runs as the postgres account only when started by root",
}, async () => {
  const closed = join(folder, "closed");
  await mkdir(closed, { mode: 0o700 });
  await assert.rejects(
    startPostgres({ dataDir: join(closed, "cluster"), port: 0, throwaway: true }),
    /cannot reach .*closed.*chmod o\+x/s,
  );
});
