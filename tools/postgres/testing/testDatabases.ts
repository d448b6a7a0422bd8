import { randomBytes } from "node:crypto";
import { connect } from "../src/client.ts";
import { prepareSupabaseSchema } from "../src/supabaseSchema.ts";

/**
 * The tests' databases: one migrated template per test run (made by with-test-postgres), and a
 * database of its own for each test, copied from it in a few milliseconds and dropped after.
 */
export const serverVariable = "TEST_DATABASE_URL";
export const templateVariable = "TEST_DATABASE_TEMPLATE";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database, on a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const sql = connect(serverUrl);
  try {
    await sql.unsafe(statement);
  } catch (error) {
    throw new Error(`${statement} failed on ${serverUrl.replace(/:[^:@/]*@/, ":***@")}: ${error}`);
  } finally {
    await sql.end();
  }
}

async function newDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A new database with the Supabase schema, to copy each test's database from. */
export async function createTemplateDatabase(serverUrl: string): Promise<TestDatabase> {
  const template = await newDatabase(serverUrl, "bluewater_template");
  try {
    await prepareSupabaseSchema(template.url);
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}

/**
 * A migrated database of its own for one test, on the server with-test-postgres (`pnpm test`)
 * started, or the one TEST_DATABASE_URL names.
 */
export async function createTestDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<TestDatabase> {
  const server = env[serverVariable];
  if (!server) {
    throw new Error(
      `This test needs a PostgreSQL server and ${serverVariable} is not set: run it through ` +
        "`pnpm test` (which starts an embedded PostgreSQL), wrap the command in " +
        "`with-test-postgres`, or set TEST_DATABASE_URL to a server's postgres:// URL.",
    );
  }
  const template = env[templateVariable];
  if (template) return newDatabase(server, "bluewater_test", template);
  const database = await newDatabase(server, "bluewater_test");
  await prepareSupabaseSchema(database.url);
  return database;
}
