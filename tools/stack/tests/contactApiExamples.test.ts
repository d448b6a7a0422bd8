import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { connect, type Database } from "@bluewater/postgres/client";
import { repoRoot } from "../src/paths.ts";
import { startThrowawayStack, type ThrowawayStack } from "../testing/throwawayStack.ts";

const run = promisify(execFile);

/** The `curl` blocks of supabase/README.md's API section, exactly as other teams read them. */
async function readmeExamples(): Promise<string[]> {
  const readme = await readFile(join(repoRoot, "supabase", "README.md"), "utf8");
  const section = /^## The contact API[^\n]*\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? "")
    .filter((block) => block.startsWith("curl "));
}

let stack: ThrowawayStack;
let sql: Database;

before(async () => {
  await run("curl", ["--version"]).catch(() => {
    throw new Error(
      "these tests run the README's curl examples: install curl (apt-get install curl)",
    );
  });
  stack = await startThrowawayStack();
  sql = connect(stack.databaseUrl);
});

after(async () => {
  await sql?.end();
  await stack?.dispose();
});

/** Runs a README block against the throw-away stack instead of `pnpm start`'s fixed port. */
async function runExample(
  block: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const command = block.replaceAll("http://127.0.0.1:54321", new URL(stack.functionsUrl).origin);
  assert.notEqual(command, block, "the example names the local stack's address");
  const { stdout } = await run("sh", ["-c", command]);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/m.exec(stdout)?.[1]);
  const body = JSON.parse(stdout.slice(stdout.lastIndexOf("\n{") + 1)) as Record<string, unknown>;
  return { status, body };
}

test("the README's curl examples store a lead with the spec's own fields", async () => {
  const examples = await readmeExamples();
  assert.equal(examples.length, 2, "a JSON example and a form example");
  const stored: string[] = [];
  for (const example of examples) {
    const { status, body } = await runExample(example);
    assert.equal(status, 200, JSON.stringify(body));
    assert.match(String(body.id), /^[0-9a-f-]{36}$/);
    stored.push(String(body.id));
  }
  const rows = await sql<{ id: string; name: string; is_spam: boolean }[]>`
    select id::text, name, is_spam from public.contact_requests order by created_at`;
  assert.deepEqual(
    rows.map((row) => row.id),
    stored,
  );
  assert.deepEqual(
    rows.map((row) => [row.name, row.is_spam]),
    [
      ["Dana Homeowner", false],
      ["Pat Rivers", false],
    ],
  );
});

test("running the keyed example again answers with the same lead and stores nothing", async () => {
  const [keyed = ""] = await readmeExamples();
  const before = await sql`select count(*)::int as n from public.contact_requests`;
  const first = await runExample(keyed);
  const again = await runExample(keyed);
  assert.equal(again.status, 200);
  assert.deepEqual(again.body, first.body);
  assert.deepEqual(await sql`select count(*)::int as n from public.contact_requests`, before);
});
