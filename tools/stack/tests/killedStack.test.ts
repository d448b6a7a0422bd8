import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import postgres from "postgres";
import { localPublishableKey } from "../src/env.ts";
import { startStackProcess } from "./support/stackInProcess.ts";

let folder: string;

before(async () => {
  folder = await mkdtemp(join(tmpdir(), "bluewater-killed-stack-"));
  // As root the server runs as the postgres account, which must be able to enter the folder.
  await chmod(folder, 0o755);
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

test("a stack killed outright loses no acknowledged lead: the next start finds every one", async () => {
  const database = { dataDir: join(folder, "postgres"), port: 0 };
  const first = await startStackProcess({ database, functionEnv: { RATE_LIMIT_MAX: "1000" } });
  const ids = (
    await Promise.all(Array.from({ length: 40 }, (_, i) => submit(first.functionsUrl, i)))
  ).filter((id): id is string => id !== undefined);
  assert.equal(ids.length, 40, "every lead was acknowledged");
  first.kill();

  const second = await startStackProcess({ database });
  const sql = postgres(second.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ kept: number }[]>`
      select count(*)::int as kept from public.contact_requests where id = any(${ids}::uuid[])`;
    assert.equal(row?.kept, ids.length);
  } finally {
    await sql.end();
    await second.stop();
  }
});
