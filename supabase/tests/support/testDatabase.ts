import { connectDatabase, type Database } from "../../functions/send-contact-email/database.ts";

export interface TestDatabase {
  url: string;
  kind: "postgres" | "pglite";
  sql: Database;
  close(): Promise<void>;
}

const helper = new URL("../../../tools/stack/testDatabase.ts", import.meta.url);
// The repository pins Node 24 (it runs .ts files); the system's `node` may be older.
const pinnedNode = new URL("../../../node_modules/.bin/node", import.meta.url);

function nodeBinary(): string {
  try {
    Deno.statSync(pinnedNode);
    return pinnedNode.pathname;
  } catch {
    return "node";
  }
}

/**
 * Starts tools/stack/testDatabase.ts in Node: a fresh migrated database on TEST_DATABASE_URL's
 * server, or an embedded PGlite when it is unset. The same Node code prepares the local stack's
 * database, so the tests exercise what developers run.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const child = new Deno.Command(nodeBinary(), {
    args: [helper.pathname],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!output.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) break;
    output += value;
  }
  if (!output.includes("\n")) {
    const status = await child.status;
    throw new Error(
      `the test database did not start (exit code ${status.code}); see the message above`,
    );
  }
  const { url, kind } = JSON.parse(output.split("\n")[0] ?? "{}") as {
    url: string;
    kind: TestDatabase["kind"];
  };
  const sql = connectDatabase(url, 5);
  return {
    url,
    kind,
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await child.stdin.close();
      await reader.cancel();
      await child.status;
    },
  };
}
