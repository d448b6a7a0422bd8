import { frontendMessage, openRawSession } from "./rawPostgresSession.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * A database session that misbehaves, for the tests of the function's timeouts: argv[2] is the
 * database URL, argv[3] what the session does, and `{ stuck: true }` is announced once it holds
 * what it holds. Closing stdin closes the session.
 *
 * - `idle-in-transaction`: BEGIN, an exclusive lock on the leads table, then nothing.
 * - `unsynced`: a statement parsed (and flushed) but never followed by Sync.
 * - `long-statement`: the same lock, then `pg_sleep(60)`.
 *
 * The session asks the server to check every second that it is still connected, so a Postgres
 * server ends the sleep (and frees the lock) soon after the test closes it.
 */
const [url = "", mode = ""] = process.argv.slice(2);
const lockLeads = [
  "begin",
  "set local client_connection_check_interval = 1000",
  "lock table public.contact_requests in access exclusive mode",
].join(";");
const session = await openRawSession(url);

if (mode === "idle-in-transaction" || mode === "long-statement") {
  session.socket.write(frontendMessage("Q", `${lockLeads}\0`));
  await session.untilReady();
  if (mode === "long-statement")
    session.socket.write(frontendMessage("Q", "select pg_sleep(60)\0"));
} else if (mode === "unsynced") {
  session.socket.write(
    frontendMessage("P", "\0select count(*) from public.contact_requests\0\0\0"),
  );
  session.socket.write(frontendMessage("H"));
  const parsed = await session.next();
  if (parsed.type !== "1") throw new Error(`expected ParseComplete, got ${parsed.type}`);
} else {
  throw new Error(`unknown mode "${mode}"`);
}
announce({ stuck: true });
serveTestHelper({ cleanup: async () => session.close() });
