import { strict as assert } from "node:assert";
import { leadTokenHeader } from "@bluewater/content/contact";
import {
  developmentSecrets,
  isDeployed,
  type SecretSetting,
} from "../../functions/_shared/deployedSettings.ts";
import { createContactHandler } from "../../functions/send-contact-email/handler.ts";
import { contactToken } from "../../functions/send-contact-email/outbox/contactLink.ts";
import {
  createEmailProvider,
  createSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import { hashClientAddress } from "../../functions/send-contact-email/platform/clientAddress.ts";
import { readConfig } from "../../functions/send-contact-email/platform/config.ts";
import {
  functionUrl,
  postRequest,
  readJson,
  startLoggingHandler,
  testConfig,
  testOrigin,
  validSubmission,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

/** What Supabase's hosted runtime sets (its "Environment Variables" guide), and real providers. */
const hosted = {
  SB_REGION: "us-east-1",
  SUPABASE_URL: "https://abcdefghijklmnopqrst.supabase.co",
  NOTIFY_PROVIDER: "resend",
  NOTIFY_SMS_PROVIDER: "twilio",
  NOTIFY_SMS_TO: "+15865550100",
};
/** Values as `openssl rand -hex 32` makes them. */
const safe: Record<SecretSetting, string> = {
  IP_HASH_SECRET: "3f9a1c07e5b24d6a8e0f7c19b2d4a6e8c0f1e3d5b7a9c2e4f6081a3c5e7b9d1f",
  CONTACT_LINK_SECRET: "a81d4f6b2c9e0735d1b8f4a6c2e09d7b5f3a1c8e6d4b2a0f9e7c5d3b1a8f6e42",
  DELIVERER_SECRET: "5c2e8a0f4d6b1937e5a2c8f0d4b6e1a3c9f7d5b3a1e8c6f4d2b0a9e7c5f3d1b8",
};

/** A deployed function with every secret safe but `name`, which is missing (empty) or `value`. */
function deployedWithout(name: SecretSetting, value: string | undefined) {
  return testConfig({ ...hosted, ...safe, [name]: value ?? "" });
}

async function setUp(name: SecretSetting, value: string | undefined) {
  const database = await startTestDatabase();
  const config = deployedWithout(name, value);
  const handler = startLoggingHandler({ db: database.db, config, start: Date.now() });
  return {
    ...handler,
    config,
    database,
    /** Posts a lead and waits for its notifications: it is stored and answered 200. */
    async lead(address: string): Promise<string> {
      const response = await handler.handle(postRequest(validSubmission(), { address }));
      assert.equal(response.status, 200);
      const { id } = await readJson(response);
      await handler.settle();
      return String(id);
    },
    deliver: (secret: string) =>
      handler.handle(
        new Request(`${functionUrl}/deliver`, {
          method: "POST",
          headers: { "x-deliverer-secret": secret },
        }),
      ),
    /** The lead's owner email, SMS and acknowledgment, as the providers got them. */
    sentFor(leadId: string) {
      const emails = handler.email.sent.filter((sent) => sent.message.text.includes(leadId));
      return {
        ownerEmail: emails.find((sent) => sent.message.subject.startsWith("New inspection")),
        acknowledgment: handler.email.sent.find(
          (sent) => sent.message.to === "dana@example.com" && !sent.message.text.includes(leadId),
        ),
        // Each test sends one lead, and without a link its text names no lead id.
        sms: handler.sms.sent.find((sent) => sent.message.to === hosted.NOTIFY_SMS_TO),
      };
    },
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

const problems: Array<[string, string | undefined]> = [
  ["missing", undefined],
  ["at its development value", "dev"],
  ["too short", "short-but-not-empty"],
  ["long but easy to guess", "ab".repeat(32)],
];

/** Every request logs one error naming the setting, and no other. */
function assertLoggedOncePerRequest(logged: string[], name: SecretSetting, requests: number) {
  const about = logged.filter((line) => line.startsWith(`${name} `));
  assert.equal(about.length, requests, about.join("\n"));
  for (const line of about) {
    assert.match(line, /on this deployed project: .+\. Fix: .*pnpm go-live.*supabase secrets set/);
  }
}

Deno.test("the function knows it is deployed from what the platform sets", () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  assert.equal(isDeployed(env({ SB_REGION: "eu-west-1" })), true);
  assert.equal(isDeployed(env({ DENO_DEPLOYMENT_ID: "ref_fn_3" })), true);
  assert.equal(isDeployed(env({ SUPABASE_URL: "https://abcdefghijklmnopqrst.supabase.co" })), true);
  assert.equal(isDeployed(env({ SUPABASE_URL: "http://127.0.0.1:54321" })), false);
  assert.equal(isDeployed(env({ SUPABASE_URL: "http://localhost:54321" })), false);
  assert.equal(isDeployed(env({ SUPABASE_URL: "http://[::1]:54321" })), false);
  // A self-hosted Supabase: its gateway inside Docker, the function public behind it.
  assert.equal(isDeployed(env({ SUPABASE_URL: "http://kong:8000" })), true, "self-hosted");
  assert.equal(
    isDeployed(
      env({
        SUPABASE_URL: "http://kong:8000",
        CONTACT_FUNCTION_URL: "https://api.bluewater-waterproofing.com/functions/v1/x",
      }),
    ),
    true,
  );
  // `supabase functions serve` gives the same SUPABASE_URL, with the local address it needs.
  const served = {
    SUPABASE_URL: "http://kong:8000",
    CONTACT_FUNCTION_URL: "http://127.0.0.1:54321/functions/v1/send-contact-email",
  };
  assert.equal(isDeployed(env(served)), false, "functions serve");
  assert.equal(isDeployed(env({})), false);
});

Deno.test("self-hosted, the development link secret is refused, not warned about", () => {
  const config = readConfig((name) =>
    name === "SUPABASE_URL"
      ? "http://kong:8000"
      : name === "CONTACT_LINK_SECRET"
        ? developmentSecrets.CONTACT_LINK_SECRET
        : undefined,
  );
  assert.equal(config.deployed, true);
  assert.equal(config.contactLink.enabled, false);
  assert.match(String(config.unsafeSecrets.CONTACT_LINK_SECRET), /development value/);
});

Deno.test("deployed, a log provider is refused with one error: nothing is printed, /deliver refuses, the lead is kept", async () => {
  const database = await startTestDatabase();
  const logged: string[] = [];
  // Self-hosted, NOTIFY_PROVIDER and NOTIFY_SMS_PROVIDER left out: both are log by default.
  const config = readConfig(
    (name) =>
      ({
        ...safe,
        SUPABASE_URL: "http://kong:8000",
        PUBLIC_API_KEYS: testConfig().publicApiKeys[0],
        NOTIFY_SMS_TO: "+15865550100",
        NOTIFY_TO: "owner@bluewater.example",
        NOTIFY_FROM: "Website <website@bluewater.example>",
        RATE_LIMIT_MAX: "1000",
      })[name],
  );
  assert.deepEqual(Object.keys(config.unsafeProviders).sort(), [
    "NOTIFY_PROVIDER",
    "NOTIFY_SMS_PROVIDER",
  ]);
  const printed: string[] = [];
  const print = console.log;
  console.log = (...args: unknown[]) => printed.push(args.join(" "));
  const tasks: Promise<unknown>[] = [];
  const handle = createContactHandler({
    config,
    db: database.db,
    providers: {
      email: createEmailProvider(config.notify, config.unsafeProviders.NOTIFY_PROVIDER),
      sms: createSmsProvider(config.sms, undefined, config.unsafeProviders.NOTIFY_SMS_PROVIDER),
    },
    log: (message) => logged.push(message),
    runInBackground: (task) => tasks.push(task),
  });
  try {
    const answered = await handle(postRequest(validSubmission(), { address: "203.0.113.40" }));
    assert.equal(answered.status, 200);
    const { id } = await readJson(answered);
    await Promise.all(tasks);
    const deliver = await handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": safe.DELIVERER_SECRET },
      }),
    );
    assert.equal(deliver.status, 503);
    assert.match(String((await readJson(deliver)).error), /^NOTIFY_PROVIDER is log .+ Fix: /);
    const queued = await database.sql<{ status: string; last_error: string | null }[]>`
      select status, last_error from public.contact_notifications
      where contact_request_id = ${String(id)}`;
    assert.ok(queued.length >= 2, "the owner's email and text are queued");
    for (const row of queued) {
      assert.equal(row.status, "pending", "each waits for the fix, neither sent nor given up");
    }
    assert.deepEqual(printed, [], "nothing was printed");
    const about = logged.filter((line) => / is log \(or not set\) on this deployed/.test(line));
    assert.equal(about.length, 4, "each of the two requests logs each provider's error");
  } finally {
    console.log = print;
    await database.close();
  }
});

Deno.test("locally, the development secrets serve and nothing fails closed", () => {
  const config = readConfig(() => undefined);
  assert.equal(config.deployed, false);
  assert.deepEqual(config.unsafeSecrets, {});
  assert.equal(config.contactLink.enabled, true);
  assert.equal(config.ipHashSecret, developmentSecrets.IP_HASH_SECRET);
});

for (const [what, given] of problems) {
  const value = (name: SecretSetting) => (given === "dev" ? developmentSecrets[name] : given);

  Deno.test(`deployed with CONTACT_LINK_SECRET ${what}: leads are stored, alerted without a link and acknowledged; no link is accepted`, async () => {
    const test = await setUp("CONTACT_LINK_SECRET", value("CONTACT_LINK_SECRET"));
    try {
      const leadId = await test.lead("203.0.113.10");
      const sent = test.sentFor(leadId);
      assert.ok(sent.ownerEmail, "the owner's email went out");
      assert.ok(!/contacted/.test(sent.ownerEmail.message.text + sent.ownerEmail.message.html));
      assert.ok(sent.sms, "the owner's text went out");
      assert.ok(!sent.sms.message.body.includes("Mark called"), sent.sms.message.body);
      assert.ok(sent.acknowledgment, "the homeowner was told");
      // Even a token that the development secret signs, which anyone could make, is refused.
      const forged = await contactToken(
        {
          secret: developmentSecrets.CONTACT_LINK_SECRET,
          days: 7,
          usesDevSecret: true,
          enabled: true,
        },
        leadId,
        new Date(),
      );
      for (const method of ["GET", "POST"]) {
        const response = await test.handle(
          new Request(`${functionUrl}/contacted/${leadId}`, {
            method,
            headers: { origin: testOrigin, [leadTokenHeader]: forged },
          }),
        );
        assert.equal(response.status, 503);
        const body = await readJson(response);
        assert.equal(body.reason, "linksOff");
      }
      const [lead] = await test.database.sql`
        select contacted_at from public.contact_requests where id = ${leadId}`;
      assert.equal(lead?.contacted_at, null);
      assertLoggedOncePerRequest(test.logged, "CONTACT_LINK_SECRET", 3);
    } finally {
      await test.close();
    }
  });

  Deno.test(`deployed with DELIVERER_SECRET ${what}: /deliver refuses with 401, naming it in the log only; leads still go out`, async () => {
    const test = await setUp("DELIVERER_SECRET", value("DELIVERER_SECRET"));
    try {
      const leadId = await test.lead("203.0.113.11");
      const sent = test.sentFor(leadId);
      assert.ok(sent.ownerEmail && sent.sms && sent.acknowledgment, "alerted and acknowledged");
      assert.ok(sent.ownerEmail.message.text.includes("/contacted/#"), "links stay on");
      for (const secret of [developmentSecrets.DELIVERER_SECRET, "short-but-not-empty", ""]) {
        const response = await test.deliver(secret);
        assert.equal(response.status, 401, "a caller is not told the secret is unsafe");
        assert.doesNotMatch(String((await readJson(response)).error), /DELIVERER_SECRET|Fix/);
      }
      const [heartbeat] = await test.database.sql`
        select last_run_at from public.contact_deliverer_heartbeat`;
      assert.equal(heartbeat?.last_run_at, null, "no run happened");
      assertLoggedOncePerRequest(test.logged, "DELIVERER_SECRET", 4);
    } finally {
      await test.close();
    }
  });

  Deno.test(`deployed with IP_HASH_SECRET ${what}: no address is hashed with a key anyone knows; leads still go out`, async () => {
    const test = await setUp("IP_HASH_SECRET", value("IP_HASH_SECRET"));
    try {
      const address = "203.0.113.12";
      const leadId = await test.lead(address);
      const sent = test.sentFor(leadId);
      assert.ok(sent.ownerEmail && sent.sms && sent.acknowledgment, "alerted and acknowledged");
      const [lead] = await test.database.sql<{ client_address_hash: string }[]>`
        select client_address_hash from public.contact_requests where id = ${leadId}`;
      for (const known of [developmentSecrets.IP_HASH_SECRET, value("IP_HASH_SECRET")]) {
        if (!known) continue;
        assert.notEqual(lead?.client_address_hash, await hashClientAddress(address, known));
      }
      // The rate limit still holds for this instance: the same address is counted.
      assert.equal(
        lead?.client_address_hash,
        await hashClientAddress(address, test.config.ipHashSecret),
      );
      assertLoggedOncePerRequest(test.logged, "IP_HASH_SECRET", 1);
    } finally {
      await test.close();
    }
  });
}

Deno.test("deployed with every secret safe, nothing is refused and nothing is logged", async () => {
  const database = await startTestDatabase();
  const config = testConfig({ ...hosted, ...safe });
  const test = startLoggingHandler({ db: database.db, config, start: Date.now() });
  try {
    assert.deepEqual(config.unsafeSecrets, {});
    await test.submit();
    const response = await test.handle(
      new Request(`${functionUrl}/deliver`, {
        method: "POST",
        headers: { "x-deliverer-secret": safe.DELIVERER_SECRET },
      }),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.deepEqual(test.logged, []);
  } finally {
    await test.settle();
    await database.close();
  }
});
