import { strict as assert } from "node:assert";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";

const configOf = (env: Record<string, string>) => readConfig((name) => env[name]);

Deno.test("unset or empty settings take their defaults, and lists drop their empty items", () => {
  const config = configOf({
    RATE_LIMIT_MAX: " ",
    VISIT_QUEUE: "0",
    NOTIFY_SMS_TO: " +1555, ,+1555",
  });
  assert.deepEqual(config.rateLimit, { max: 5, windowSeconds: 600 });
  assert.equal(config.visits.queue, 0);
  assert.deepEqual(config.sms.to, ["+1555"]);
  assert.deepEqual(config.allowedOrigins, ["http://localhost:8080", "http://127.0.0.1:8080"]);
  assert.equal(config.clientAddressHeader, "cf-connecting-ip");
  assert.equal(config.ownerReport, true);
});

Deno.test("a count or an address that is not one stops the function, naming the setting and value", () => {
  const wrong: Array<[string, string, string]> = [
    ["DB_POOL_MAX", "2.5", "a positive whole number"],
    ["RATE_LIMIT_MAX", "0", "a positive whole number"],
    ["SITE_URL", "ftp://bluewater.example", "an http(s) URL"],
    ["CONTACT_FUNCTION_URL", "nowhere", "an http(s) URL"],
  ];
  for (const [name, value, shape] of wrong) {
    assert.throws(
      () => configOf({ [name]: value }),
      new Error(`${name} must be ${shape}, not "${value}"`),
    );
  }
});

Deno.test("the platform's publishable keys, the anon key and our own are one deduplicated list", () => {
  const config = configOf({
    PUBLIC_API_KEYS: "a, b",
    SUPABASE_PUBLISHABLE_KEYS: '{"default":"b","other":"c"}',
    SUPABASE_ANON_KEY: "d",
  });
  assert.deepEqual(config.publicApiKeys, ["a", "b", "c", "d"]);
  assert.deepEqual(configOf({ SUPABASE_PUBLISHABLE_KEYS: "not json" }).publicApiKeys, []);
});
