import { createFreshDatabase } from "./freshDatabase.ts";
import { announce, serveTestHelper } from "./testHelperProcess.ts";

/**
 * A fresh, migrated database for one test run, announced as `{ url, kind }` on stdout and removed
 * when stdin closes. With TEST_DATABASE_URL it is a new database on that server (dropped at the
 * end, so runs never collide); without it, an in-memory PGlite behind a socket server.
 */
let database: Awaited<ReturnType<typeof createFreshDatabase>>;
try {
  database = await createFreshDatabase(process.env.TEST_DATABASE_URL);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
announce({ url: database.url, kind: database.kind });
serveTestHelper({ cleanup: () => database.remove() });
