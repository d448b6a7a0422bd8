import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { isRunning, temporaryServerFolder } from "@bluewater/postgres";
import { connect } from "@bluewater/postgres/client";
import { localPublishableKey } from "../src/env.ts";
import { startStackProcess } from "./support/stackInProcess.ts";

/** Waits for `condition`, checking every 50 ms; fails after 10 s. */
async function until(what: string, condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited >= 10_000) assert.fail(`${what}: not after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let folder: string;

before(async () => {
  folder = await temporaryServerFolder("bluewater-killed-stack");
});

after(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function submit(functionsUrl: string, index: number): Promise<string | undefined> {
  const response = await fetch(functionsUrl, {
    method: "POST",
    headers: { apikey: localPublishableKey, "content-type": "application/json" },
    body: JSON.stringify({
      name: `Acknowledged ${index}`,
      phone: "(810) 555-0101",
      email: `lead${index}@example.com`,
      service: "interior",
      message: `Stored before the stack was killed (${randomUUID()}).`,
      requestId: randomUUID(),
      website: "",
      elapsedMs: 9000,
    }),
  });
  const body = (await response.json()) as { id?: string };
  return response.status === 200 ? body.id : undefined;
}

/** The processes `pid` started, by name (`sh` runs the function, `postgres` the database). */
function childrenOf(pid: number): Map<number, string> {
  const listing = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)]).toString();
  const rows = listing.trim().split("\n").filter(Boolean);
  return new Map(
    rows
      .map((row) => row.trim().split(/\s+/))
      .map(([child, name]) => [Number(child), String(name)]),
  );
}

test("a stack killed outright loses no acknowledged lead and leaves no function behind; the next start finds every lead", async () => {
  const database = { dataDir: join(folder, "postgres"), port: 0 };
  const first = await startStackProcess({ database, functionEnv: { RATE_LIMIT_MAX: "1000" } });
  const ids = (
    await Promise.all(Array.from({ length: 40 }, (_, i) => submit(first.functionsUrl, i)))
  ).filter((id): id is string => id !== undefined);
  assert.equal(ids.length, 40, "every lead was acknowledged");
  const children = childrenOf(first.pid);
  const functionPids = [...children].flatMap(([pid, name]) => (name === "sh" ? [pid] : []));
  assert.equal(functionPids.length, 1, `the function's process among ${[...children.values()]}`);
  first.kill();
  await until("the function stops with its stack", () => !functionPids.some(isRunning));

  const second = await startStackProcess({ database });
  const sql = connect(second.databaseUrl);
  try {
    const [row] = await sql<{ kept: number }[]>`
      select count(*)::int as kept from public.contact_requests where id = any(${ids}::uuid[])`;
    assert.equal(row?.kept, ids.length);
  } finally {
    await sql.end();
    await second.stop();
  }
});
