import { strict as assert } from "node:assert";
import {
  clientAddress,
  clientKey,
  hashClientAddress,
} from "../../functions/send-contact-email/platform/clientAddress.ts";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";
import { postRequest, readJson, startHandler, validSubmission } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

Deno.test("the client address is the platform's header, and no header a client can send", () => {
  const platform = readConfig(() => undefined).clientAddressHeader;
  assert.equal(platform, "cf-connecting-ip");
  const forged = {
    "x-forwarded-for": "203.0.113.9, 198.51.100.7",
    "x-real-ip": "203.0.113.9",
    "true-client-ip": "203.0.113.9",
  };
  assert.equal(
    clientAddress(new Headers({ ...forged, "cf-connecting-ip": " 198.51.100.7 " }), platform),
    "198.51.100.7",
  );
  assert.equal(clientAddress(new Headers(forged), platform), "unknown");
});

Deno.test("the header that carries the address can be configured for the platform", () => {
  const headers = new Headers({
    "x-forwarded-for": "203.0.113.9",
    "fly-client-ip": "198.51.100.20",
  });
  assert.equal(clientAddress(headers, "fly-client-ip"), "198.51.100.20");
  assert.equal(
    readConfig((name) => (name === "CLIENT_ADDRESS_HEADER" ? "Fly-Client-IP" : undefined))
      .clientAddressHeader,
    "fly-client-ip",
  );
});

Deno.test("a client is its IPv4 address, or its IPv6 /64", () => {
  const keys = (addresses: string[]) => [...new Set(addresses.map(clientKey))];
  assert.deepEqual(
    keys(["198.51.100.7", " 198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407"]),
    ["198.51.100.7"],
  );
  assert.deepEqual(
    keys([
      "2001:db8:a:b::1",
      "2001:DB8:A:B:ffff:ffff:ffff:ffff",
      "2001:0db8:000a:000b:0:0:0:2",
      "[2001:db8:a:b::3]",
      "fe80::1%eth0".replace("fe80::1", "2001:db8:a:b::4"),
    ]),
    ["2001:db8:a:b::/64"],
  );
  assert.notEqual(clientKey("2001:db8:a:c::1"), clientKey("2001:db8:a:b::1"));
  assert.equal(clientKey("unknown"), "unknown");
  assert.equal(clientKey("2001:db8::1::2"), "2001:db8::1::2", "not an address: taken as it came");
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
