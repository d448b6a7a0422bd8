import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { localPublishableKey } from "@bluewater/stack/env";

/** Starts one of src/'s helper processes as the Deno tests do: JSON lines out, commands in. */
function startHelper(script: string, args: string[] = []) {
  const child = spawn(
    process.execPath,
    [
      "--conditions=@bluewater/source",
      new URL(`../src/${script}`, import.meta.url).pathname,
      ...args,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async next<T>(): Promise<T> {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`${script} ended before it answered`);
        if (String(value).startsWith("{")) return JSON.parse(String(value)) as T;
      }
    },
    send: (command: string) => child.stdin.write(`${command}\n`),
    async close(): Promise<number | null> {
      child.stdin.end();
      const [code] = await once(child, "exit");
      return code as number | null;
    },
  };
}

test("the stack helper serves the real function on a database of its own, and drops it when closed", async () => {
  const helper = startHelper("stackForDeno.ts", [JSON.stringify({ RATE_LIMIT_MAX: "7" })]);
  const { functionsUrl, databaseUrl } = await helper.next<{
    functionsUrl: string;
    databaseUrl: string;
  }>();
  const answer = await fetch(functionsUrl, {
    method: "POST",
    headers: { apikey: localPublishableKey, "content-type": "application/json" },
    body: JSON.stringify({ name: "Helper", phone: "(810) 555-0100", email: "helper@example.com" }),
  });
  assert.equal(answer.status, 200, await answer.text());
  assert.equal(await helper.close(), 0);
  const gone = connect(databaseUrl);
  await assert.rejects(gone`select 1`, /does not exist/);
  await gone.end();
});

test("the restartable server stops and starts again on the same port, keeping its data", async () => {
  const helper = startHelper("restartablePostgres.ts");
  const { url } = await helper.next<{ url: string }>();
  const sql = connect(url);
  try {
    await sql`insert into public.contact_rate_limit_hits (client_address_hash, at) values ('kept', now())`;
    helper.send("stop");
    assert.deepEqual(await helper.next(), { state: "stopped" });
    await assert.rejects(sql`select 1`, /ECONNREFUSED|CONNECTION/);
    helper.send("start");
    assert.deepEqual(await helper.next(), { state: "started" });
    const rows = await sql`select client_address_hash from public.contact_rate_limit_hits`;
    assert.deepEqual([...rows], [{ client_address_hash: "kept" }]);
  } finally {
    await sql.end();
    assert.equal(await helper.close(), 0);
  }
});
