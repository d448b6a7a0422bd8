import { strict as assert } from "node:assert";
import { connect } from "../../../tools/postgres/src/client.ts";
import {
  fakeProjectRef,
  fakePublishableKey,
  startFakeManagementApi,
} from "../support/fakeManagementApi.ts";

/**
 * `pnpm go-live` end to end, as a developer runs it: the real Supabase CLI against a fake of the
 * Management API (the same one deployBundle.test.ts deploys to) and a fresh database of its own
 * on the run's PostgreSQL, standing for the project's. It refuses a bad env file before touching
 * anything, deploys a clean one, and a second run changes nothing and says so.
 */
const repoRoot = new URL("../../../", import.meta.url).pathname;
const migrations = [...Deno.readDirSync(`${repoRoot}supabase/migrations`)]
  .map((entry) => entry.name)
  .filter((name) => name.endsWith(".sql"))
  .map((name) => name.slice(0, name.indexOf("_")))
  .sort();

/** A value shaped as `openssl rand -hex 32` makes them, a different one for each `seed`. */
const secret = (seed: string) =>
  Array.from({ length: 64 }, (_, index) =>
    ((index * 7 + index * index + seed.charCodeAt(0)) % 16).toString(16),
  ).join("");

function cleanSettings(databaseUrl: string): Record<string, string> {
  return {
    SUPABASE_PROJECT_REF: fakeProjectRef,
    SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}`,
    DATABASE_URL: databaseUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: fakePublishableKey,
    SITE_URL: "https://www.bluewater-test.com",
    ALLOWED_ORIGINS: "https://www.bluewater-test.com,https://bluewater-test.com",
    IP_HASH_SECRET: secret("1"),
    CONTACT_LINK_SECRET: secret("2"),
    DELIVERER_SECRET: secret("3"),
    NOTIFY_PROVIDER: "resend",
    RESEND_API_KEY: "re_TestKey_0123456789abcdefXYZ",
    NOTIFY_TO: "owner@bluewater-test.com",
    NOTIFY_FROM: "Blue Water website <leads@bluewater-test.com>",
    NOTIFY_SMS_PROVIDER: "twilio",
    NOTIFY_SMS_TO: "+15865550123",
    NOTIFY_SMS_FROM: "+18105550142",
    TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "b".repeat(32),
  };
}

const envFile = (settings: Record<string, string>) =>
  `${Object.entries(settings)
    .map(([name, value]) => `${name}="${value}"`)
    .join("\n")}\n`;

/** A database of its own on the run's server, with the roles a Supabase project has. */
async function projectDatabase() {
  const server = Deno.env.get("TEST_DATABASE_URL");
  if (!server)
    throw new Error("run with `pnpm --filter @bluewater/supabase test`: it sets TEST_DATABASE_URL");
  const name = `bluewater_go_live_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const admin = connect(server);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sql = connect(url.toString());
  await sql.unsafe(await Deno.readTextFile(`${repoRoot}supabase/local/supabase-roles.sql`));
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function goLive(args: string[]) {
  const output = await new Deno.Command(`${repoRoot}node_modules/.bin/node`, {
    args: ["--conditions=@bluewater/source", `${repoRoot}tools/deploy/src/goLive.ts`, ...args],
    cwd: repoRoot,
    env: { SUPABASE_ACCESS_TOKEN: "", DO_NOT_TRACK: "1" },
  }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: text(output.stdout), stderr: text(output.stderr) };
}

Deno.test("pnpm go-live refuses a bad env file before touching anything, deploys a clean one, and a second run changes nothing", async (t) => {
  const api = startFakeManagementApi();
  const database = await projectDatabase();
  const work = await Deno.makeTempDir({ prefix: "bluewater-go-live-" });
  const profile = await api.profileFor(work);
  const site = `${work}/site`;
  const run = async (settings: Record<string, string>) => {
    await Deno.writeTextFile(`${work}/.env.production`, envFile(settings));
    return await goLive([
      "--settings",
      `${work}/.env.production`,
      "--site-out",
      site,
      "--supabase-profile",
      profile,
    ]);
  };
  const appliedMigrations = async () =>
    (
      await database.sql<{ present: boolean }[]>`
      select to_regclass('supabase_migrations.schema_migrations') is not null as present`
    )[0]?.present
      ? (
          await database.sql<{ version: string }[]>`
          select version from supabase_migrations.schema_migrations order by version`
        ).map((row) => row.version)
      : [];
  try {
    await t.step(
      "a bad value stops it, naming the setting and the fix; nothing is touched",
      async () => {
        const answer = await run({
          ...cleanSettings(database.url),
          CONTACT_LINK_SECRET: "local-development-contact-link-secret",
          ALLOWED_ORIGINS: "http://www.bluewater-test.com",
          NOTIFY_SMS_TO: "(586) 555-0123",
          TWILIO_AUTH_TOKEN: "not-a-token",
          NOTIFY_SMS_FORM: "+18105550142",
        });
        assert.equal(answer.code, 1, answer.stdout);
        const lines = answer.stderr.trim().split("\n");
        assert.match(lines[0] ?? "", /is not ready; nothing was changed\.$/);
        const named = lines
          .slice(1)
          .map((line) => line.trim().split(" ")[0])
          .sort();
        assert.deepEqual(named, [
          "ALLOWED_ORIGINS",
          "CONTACT_LINK_SECRET",
          "NOTIFY_SMS_FORM",
          "NOTIFY_SMS_TO",
          "TWILIO_AUTH_TOKEN",
        ]);
        for (const line of lines.slice(1)) assert.match(line, / Fix: /);
        assert.match(answer.stderr, /CONTACT_LINK_SECRET holds the local development value/);
        assert.ok(
          !answer.stderr.includes("local-development-contact-link-secret"),
          "no value echoed",
        );
        assert.deepEqual(api.requests, [], "the Management API was not called");
        assert.deepEqual(await appliedMigrations(), [], "the database was not touched");
      },
    );

    await t.step(
      "a clean env file puts everything on the project and builds the site",
      async () => {
        const answer = await run(cleanSettings(database.url));
        assert.equal(answer.code, 0, `${answer.stdout}\n${answer.stderr}`);
        assert.deepEqual(await appliedMigrations(), migrations, "every migration applied");
        assert.equal(api.uploads.length, 1, "the function deployed once");
        const settings = cleanSettings(database.url);
        for (const name of [
          "IP_HASH_SECRET",
          "CONTACT_LINK_SECRET",
          "DELIVERER_SECRET",
          "TWILIO_AUTH_TOKEN",
          "NOTIFY_FROM",
          "SITE_URL",
        ]) {
          assert.equal(api.secrets.get(name), settings[name], `${name} set as given`);
        }
        assert.equal(api.secrets.get("PUBLIC_API_KEYS"), fakePublishableKey);
        for (const name of ["SUPABASE_ACCESS_TOKEN", "DATABASE_URL", "SUPABASE_PROJECT_REF"]) {
          assert.ok(!api.secrets.has(name), `${name} stays off the function`);
        }
        assert.match(
          answer.stdout,
          /changed +database: applied 20250601000000_contact_requests\.sql/,
        );
        // The embedded PostgreSQL has no pg_cron: the stack's own timer delivers there.
        assert.match(answer.stdout, /schedule: skipped: pg_cron is not available on this server/);
        const headers = await Deno.readTextFile(`${site}/_headers`);
        assert.match(
          headers,
          new RegExp(`connect-src 'self' https://${fakeProjectRef}\\.supabase\\.co`),
        );
        assert.match(
          await Deno.readTextFile(`${site}/index.html`),
          /<link rel="canonical" href="https:\/\/www\.bluewater-test\.com\/"/,
        );
        assert.ok((await Deno.stat(`${site}/contacted/index.html`)).isFile, "the owner's page");
        const byHand = answer.stdout.slice(answer.stdout.indexOf("What is left by hand:"));
        for (const left of [/upload .*\/site to your static host/, /DNS/, /A2P 10DLC/]) {
          assert.match(byHand, left);
        }
      },
    );

    await t.step("a second run changes nothing, and says so", async () => {
      const requestsBefore = api.requests.length;
      const answer = await run(cleanSettings(database.url));
      assert.equal(answer.code, 0, `${answer.stdout}\n${answer.stderr}`);
      assert.match(
        answer.stdout,
        /Nothing changed: the project abcdefghijklmnopqrst was up to date already\./,
      );
      assert.doesNotMatch(answer.stdout, /^changed/m);
      assert.match(answer.stdout, /site: built into .*, the same files as before/);
      const writes = api.requests
        .slice(requestsBefore)
        .filter((request) => !request.startsWith("GET "));
      assert.deepEqual(writes, [], "no write reached the Management API");
      assert.equal(api.uploads.length, 1);
    });

    await t.step("a changed secret is the only thing set again", async () => {
      const requestsBefore = api.requests.length;
      const answer = await run({
        ...cleanSettings(database.url),
        NOTIFY_TO: "new-owner@bluewater-test.com",
      });
      assert.equal(answer.code, 0, `${answer.stdout}\n${answer.stderr}`);
      assert.match(answer.stdout, /changed +secrets: set NOTIFY_TO$/m);
      assert.match(answer.stdout, /unchanged +function: /);
      assert.equal(api.secrets.get("NOTIFY_TO"), "new-owner@bluewater-test.com");
      assert.deepEqual(
        api.requests.slice(requestsBefore).filter((request) => !request.startsWith("GET ")),
        [`POST /v1/projects/${fakeProjectRef}/secrets`],
      );
    });
  } finally {
    await api.shutdown();
    await database.drop();
    await Deno.remove(work, { recursive: true });
  }
});
