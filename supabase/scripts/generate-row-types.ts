import { startTestDatabase } from "../tests/support/testDatabase.ts";
import { type ColumnInfo, publicColumnsQuery, renderRowTypes, rowTypesFile } from "./rowTypes.ts";

/**
 * Applies every migration to a fresh database (embedded PGlite, or a new database on
 * TEST_DATABASE_URL's server) and writes the row types its columns describe.
 */
const database = await startTestDatabase();
try {
  const columns = await database.sql.unsafe<ColumnInfo[]>(publicColumnsQuery);
  const target = new URL(`../${rowTypesFile}`, import.meta.url);
  await Deno.writeTextFile(target, renderRowTypes(columns));
  console.log(`wrote ${target.pathname}`);
} finally {
  await database.close();
}
