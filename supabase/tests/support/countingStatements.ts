import type { Database } from "../../functions/send-contact-email/platform/database.ts";

/**
 * Each statement is a round trip to the database, paid for by every lead in CPU on both sides.
 * This counts them on a pool whose queries, and whose checked-out connections' queries, report
 * each statement.
 */
export function countingStatements(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const counting = <Query extends (...args: never[]) => unknown>(query: Query) =>
    ((...args: Parameters<Query>) => {
      const [first] = args as unknown[];
      statements.push(typeof first === "string" ? first : String((first as { text: string }).text));
      return query(...args);
    }) as Query;
  const counted = Object.create(db) as Database;
  counted.query = counting(db.query.bind(db));
  counted.connect = (async () => {
    const client = await db.connect();
    return Object.assign(Object.create(client), { query: counting(client.query.bind(client)) });
  }) as Database["connect"];
  return { db: counted, statements };
}
