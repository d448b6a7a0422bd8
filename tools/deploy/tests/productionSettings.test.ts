import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseEnv } from "node:util";
import { developmentSecrets } from "@bluewater/supabase/deployed-settings";
import { checkProductionSettings, functionSecrets } from "../src/productionSettings.ts";

const clean: Record<string, string> = {
  SUPABASE_PROJECT_REF: "abcdefghijklmnopqrst",
  SUPABASE_ACCESS_TOKEN: `sbp_${"0123456789".repeat(4)}`,
  DATABASE_URL:
    "postgresql://postgres.abcdefghijklmnopqrst:p%40ss@aws-0-us-east-1.pooler.supabase.com:5432/postgres",
  VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_ABCdef0123456789xyz_-abc",
  SITE_URL: "https://www.bluewater-waterproofing.com",
  ALLOWED_ORIGINS: "https://www.bluewater-waterproofing.com,https://bluewater-waterproofing.com",
  IP_HASH_SECRET: "3f9a1c07e5b24d6a8e0f7c19b2d4a6e8c0f1e3d5b7a9c2e4f6081a3c5e7b9d1f",
  CONTACT_LINK_SECRET: "a81d4f6b2c9e0735d1b8f4a6c2e09d7b5f3a1c8e6d4b2a0f9e7c5d3b1a8f6e42",
  DELIVERER_SECRET: "5c2e8a0f4d6b1937e5a2c8f0d4b6e1a3c9f7d5b3a1e8c6f4d2b0a9e7c5f3d1b8",
  RESEND_API_KEY: "re_123456789_abcdefghijklmnop",
  NOTIFY_TO: "owner@bluewater-waterproofing.com",
  NOTIFY_FROM: "Blue Water website <leads@bluewater-waterproofing.com>",
  NOTIFY_SMS_TO: "+15865550123,+15865550124",
  NOTIFY_SMS_FROM: "+18105550142",
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "0123456789abcdef".repeat(2),
};

/** The settings each problem line names, first word of the line. */
function refused(changes: Record<string, string | undefined>): string[] {
  const values = { ...clean };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete values[name];
    else values[name] = value;
  }
  const check = checkProductionSettings(values);
  assert.equal(check.ok, false, JSON.stringify(changes));
  if (check.ok) return [];
  for (const problem of check.problems) assert.match(problem, /^[A-Z_]+ .+\. Fix: \S/);
  return check.problems.map((problem) => problem.split(" ")[0] ?? "");
}

test("a clean production file passes, with the defaults go-live fills in", () => {
  const check = checkProductionSettings(clean);
  assert.ok(check.ok, check.ok ? "" : check.problems.join("\n"));
  assert.equal(check.settings.NOTIFY_PROVIDER, "resend");
  assert.equal(check.settings.NOTIFY_SMS_PROVIDER, "twilio");
});

test("every secret must be set, long, not easy to guess and not the development one, and each its own", () => {
  for (const name of ["IP_HASH_SECRET", "CONTACT_LINK_SECRET", "DELIVERER_SECRET"] as const) {
    assert.deepEqual(refused({ [name]: undefined }), [name]);
    assert.deepEqual(refused({ [name]: "" }), [name], "an empty line is a missing value");
    assert.deepEqual(refused({ [name]: developmentSecrets[name] }), [name]);
    assert.deepEqual(refused({ [name]: "x".repeat(31) }), [name]);
    // Long enough, but with too few different characters to be random.
    for (const guessable of ["a".repeat(64), "ab".repeat(32), "password".repeat(8)]) {
      assert.deepEqual(refused({ [name]: guessable }), [name], guessable);
    }
  }
  // What openssl rand gives, hex or base64, and a long passphrase pass.
  for (const value of [
    "0f8e2d6c4b1a39570e8d6c4b2a1f3e5d",
    "q3J8vX2mN9pL4rT7wY1zA6cE0bG5hK8s",
    "correct horse battery staple of blue water",
  ]) {
    const check = checkProductionSettings({ ...clean, DELIVERER_SECRET: value });
    assert.ok(check.ok, `${value}: ${check.ok ? "" : check.problems.join("\n")}`);
  }
  // The second of two equal secrets is the one named.
  assert.deepEqual(refused({ DELIVERER_SECRET: clean.IP_HASH_SECRET }), ["DELIVERER_SECRET"]);
});

test("phone numbers are E.164, origins https, credentials shaped as their issuers make them", () => {
  const cases: Array<[string, string]> = [
    ["NOTIFY_SMS_TO", "(586) 555-0123"],
    ["NOTIFY_SMS_TO", "+15865550123,5865550124"],
    ["NOTIFY_SMS_FROM", "8105550142"],
    ["SITE_URL", "http://www.bluewater-waterproofing.com"],
    ["SITE_URL", "https://www.bluewater-waterproofing.com/home"],
    ["SITE_URL", "https://www.example.com"],
    [
      "ALLOWED_ORIGINS",
      "https://www.bluewater-waterproofing.com,http://bluewater-waterproofing.com",
    ],
    ["ALLOWED_ORIGINS", "*"],
    ["RESEND_API_KEY", "sk_live_abcdefghijklmnopqrstuvwxyz"],
    ["TWILIO_ACCOUNT_SID", "AC123"],
    ["TWILIO_AUTH_TOKEN", "not-hex-but-thirty-two-chars-xx"],
    ["TWILIO_MESSAGING_SERVICE_SID", "MS0123"],
    ["SUPABASE_PROJECT_REF", "https://abcdefghijklmnopqrst.supabase.co"],
    ["SUPABASE_ACCESS_TOKEN", "sbp_short"],
    ["DATABASE_URL", "postgresql://postgres@db.abcdefghijklmnopqrst.supabase.co:5432/postgres"],
    ["VITE_SUPABASE_PUBLISHABLE_KEY", "sb_secret_abcdefghijklmnopqrstuvwxyz"],
    ["NOTIFY_TO", "owner@example.com"],
    ["NOTIFY_FROM", "Blue Water website <website@example.com>"],
    ["NOTIFY_PROVIDER", "log"],
    ["NOTIFY_SMS_PROVIDER", "log"],
    ["ESCALATE_AFTER_MINUTES", "fifteen"],
  ];
  for (const [name, value] of cases) assert.deepEqual(refused({ [name]: value }), [name], value);
});

/** A key shaped as Supabase's legacy JWT keys, with `claims` as its payload (unsigned here). */
const jwtKey = (claims: object) =>
  [{ alg: "HS256", typ: "JWT" }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .concat("c2lnbmF0dXJlLW5vdC1jaGVja2Vk")
    .join(".");

test("the site's key is one row-level security holds: never a secret or service_role key", () => {
  const project = { iss: "supabase", ref: clean.SUPABASE_PROJECT_REF, iat: 1700000000 };
  const anon = jwtKey({ ...project, role: "anon" });
  const accepted = checkProductionSettings({ ...clean, VITE_SUPABASE_PUBLISHABLE_KEY: anon });
  assert.ok(accepted.ok, accepted.ok ? "" : accepted.problems.join("\n"));
  const refusedKeys: Array<[string, RegExp]> = [
    [jwtKey({ ...project, role: "service_role" }), /is the service_role key, which bypasses/],
    [jwtKey({ ...project, role: "authenticated" }), /is a JWT whose role is not anon/],
    [jwtKey(project), /is a JWT whose role is not anon/],
    [`${jwtKey(project).split(".")[0]}.bm90LWpzb24.c2ln`, /is a JWT whose role is not anon/],
    [`sb_secret_${"Ab0_".repeat(8)}`, /is a secret key \(sb_secret_…\), which bypasses/],
  ];
  for (const [key, reason] of refusedKeys) {
    const check = checkProductionSettings({ ...clean, VITE_SUPABASE_PUBLISHABLE_KEY: key });
    assert.ok(!check.ok, key);
    if (check.ok) continue;
    assert.deepEqual(check.problems.length, 1, check.problems.join("\n"));
    const [problem = ""] = check.problems;
    assert.match(problem, /^VITE_SUPABASE_PUBLISHABLE_KEY /);
    assert.match(problem, reason);
    assert.ok(!problem.includes(key.slice(12)), "the key is never repeated");
  }
});

test("the site's origin must be allowed, and a sender number or a Messaging Service given", () => {
  assert.deepEqual(refused({ ALLOWED_ORIGINS: "https://bluewater-waterproofing.com" }), [
    "ALLOWED_ORIGINS",
  ]);
  assert.deepEqual(refused({ NOTIFY_SMS_FROM: undefined }), ["NOTIFY_SMS_FROM"]);
  const withService = checkProductionSettings({
    ...clean,
    NOTIFY_SMS_FROM: "",
    TWILIO_MESSAGING_SERVICE_SID: `MG${"0123456789abcdef".repeat(2)}`,
  });
  assert.ok(withService.ok);
});

test("a value the secrets file cannot carry whole is refused before anything is touched", () => {
  const random = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  assert.deepEqual(refused({ DELIVERER_SECRET: `${random}\\` }), ["DELIVERER_SECRET"]);
  assert.deepEqual(refused({ CONTACT_LINK_SECRET: `${random}'\`"` }), ["CONTACT_LINK_SECRET"]);
  const awkward = checkProductionSettings({ ...clean, DELIVERER_SECRET: `${random}\\"# ='$` });
  assert.ok(awkward.ok, awkward.ok ? "" : awkward.problems.join("\n"));
});

test("the client address header is one the client cannot write: never x-forwarded-for", () => {
  for (const header of ["x-forwarded-for", "X-Forwarded-For", "forwarded"]) {
    const check = checkProductionSettings({ ...clean, CLIENT_ADDRESS_HEADER: header });
    assert.ok(!check.ok, header);
    if (check.ok) continue;
    assert.equal(check.problems.length, 1);
    assert.match(
      check.problems[0] ?? "",
      /^CLIENT_ADDRESS_HEADER .+ Fix: leave it out \(cf-connecting-ip/,
    );
  }
  for (const header of ["cf-connecting-ip", "x-real-ip"]) {
    const check = checkProductionSettings({ ...clean, CLIENT_ADDRESS_HEADER: header });
    assert.ok(check.ok, header);
  }
});

test("a name go-live does not know is refused, so a misspelt setting is never lost", () => {
  assert.deepEqual(refused({ NOTIFY_SMS_FORM: "+18105550142" }), ["NOTIFY_SMS_FORM"]);
  assert.deepEqual(refused({ SUPABASE_DB_URL: "postgres://x" }), ["SUPABASE_DB_URL"]);
});

test("no problem line repeats a value: secrets never reach the terminal", () => {
  const secret = `${"s".repeat(20)}`;
  const check = checkProductionSettings({ ...clean, CONTACT_LINK_SECRET: secret });
  assert.ok(!check.ok && check.problems.every((line) => !line.includes(secret)));
});

test("the function gets its own settings and the site's key, never the deploy's credentials", () => {
  const check = checkProductionSettings(clean);
  assert.ok(check.ok);
  const secrets = functionSecrets(check.settings);
  for (const name of ["SUPABASE_PROJECT_REF", "SUPABASE_ACCESS_TOKEN", "DATABASE_URL"]) {
    assert.ok(!(name in secrets), name);
  }
  assert.equal(secrets.PUBLIC_API_KEYS, clean.VITE_SUPABASE_PUBLISHABLE_KEY);
  for (const name of Object.keys(secrets)) assert.doesNotMatch(name, /^SUPABASE_/);
});

test(".env.production.example names every setting go-live knows, and passes once filled in", () => {
  const example = parseEnv(
    readFileSync(new URL("../../../.env.production.example", import.meta.url), "utf8"),
  );
  const named = Object.keys(example).sort();
  const filled = Object.fromEntries(named.map((name) => [name, clean[name] ?? ""]));
  const check = checkProductionSettings(filled);
  assert.ok(check.ok, check.ok ? "" : check.problems.join("\n"));
  const unfilled = checkProductionSettings(example as Record<string, string>);
  assert.ok(!unfilled.ok, "the example as committed is refused");
});

test("the budgets, the beacons' limits and the weekly report may be set, each checked", () => {
  const tuned = checkProductionSettings({
    ...clean,
    NOTIFY_SMS_MAX_PER_HOUR: "6",
    ACKNOWLEDGMENT_MAX_PER_HOUR: "30",
    VISIT_RATE_LIMIT_MAX: "120",
    VISIT_QUEUE: "0",
    OWNER_REPORT_EMAIL: "off",
  });
  assert.ok(tuned.ok, tuned.ok ? "" : tuned.problems.join("\n"));
  assert.equal(functionSecrets(tuned.settings).OWNER_REPORT_EMAIL, "off");
  assert.deepEqual(refused({ OWNER_REPORT_EMAIL: "weekly" }), ["OWNER_REPORT_EMAIL"]);
  assert.deepEqual(refused({ NOTIFY_SMS_MAX_PER_HOUR: "0" }), ["NOTIFY_SMS_MAX_PER_HOUR"]);
});

test("the review requests' Google link and hourly budget may be set, each checked", () => {
  const reviews = checkProductionSettings({
    ...clean,
    GOOGLE_REVIEW_URL: "https://g.page/r/CbluewaterXYZ/review",
    REVIEW_REQUEST_MAX_PER_HOUR: "12",
  });
  assert.ok(reviews.ok, reviews.ok ? "" : reviews.problems.join("\n"));
  assert.equal(
    functionSecrets(reviews.settings).GOOGLE_REVIEW_URL,
    "https://g.page/r/CbluewaterXYZ/review",
  );
  assert.deepEqual(refused({ GOOGLE_REVIEW_URL: "http://g.page/r/x/review" }), [
    "GOOGLE_REVIEW_URL",
  ]);
  assert.deepEqual(refused({ REVIEW_REQUEST_MAX_PER_HOUR: "0" }), ["REVIEW_REQUEST_MAX_PER_HOUR"]);
});
