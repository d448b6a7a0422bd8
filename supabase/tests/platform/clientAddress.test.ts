import { strict as assert } from "node:assert";
import {
  clientAddress,
  hashClientAddress,
} from "../../functions/send-contact-email/platform/clientAddress.ts";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("the client address is the first X-Forwarded-For entry", () => {
  assert.equal(
    clientAddress(new Headers({ "x-forwarded-for": " 198.51.100.7 , 10.0.0.1" })),
    "198.51.100.7",
  );
  assert.equal(clientAddress(new Headers({ "x-real-ip": "198.51.100.8" })), "198.51.100.8");
  assert.equal(clientAddress(new Headers()), "unknown");
});

Deno.test("the header that carries the address can be configured for the platform", () => {
  const headers = new Headers({
    "x-forwarded-for": "203.0.113.9",
    "cf-connecting-ip": "198.51.100.20",
  });
  assert.equal(clientAddress(headers, "cf-connecting-ip"), "198.51.100.20");
  assert.equal(readConfig(() => undefined).clientAddressHeader, "x-forwarded-for");
  assert.equal(
    readConfig((name) => (name === "CLIENT_ADDRESS_HEADER" ? "CF-Connecting-IP" : undefined))
      .clientAddressHeader,
    "cf-connecting-ip",
  );
});

Deno.test("addresses are hashed with a secret key", async () => {
  const a = await hashClientAddress("198.51.100.7", "secret-one");
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.equal(a, await hashClientAddress("198.51.100.7", "secret-one"));
  assert.notEqual(a, await hashClientAddress("198.51.100.7", "secret-two"));
  assert.notEqual(a, await hashClientAddress("198.51.100.8", "secret-one"));
});

Deno.test("a stored lead holds the hash and user agent, never the raw address", async () => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({ db: database.db });
  try {
    const response = await handle(postRequest(validSubmission(), { address: "198.51.100.77" }));
    const { id } = await readJson(response);
    await settle();
    const [row] =
      await database.sql`select * from public.contact_requests where id = ${String(id)}`;
    assert.ok(row);
    assert.equal(
      row.client_address_hash,
      await hashClientAddress("198.51.100.77", "test-ip-hash-secret"),
    );
    assert.equal(row.user_agent, "deno-test");
    assert.ok(!JSON.stringify(row).includes("198.51.100.77"));
  } finally {
    await settle();
    await database.close();
  }
});
