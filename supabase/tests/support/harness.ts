import { strict as assert } from "node:assert";
import { contactFunction } from "@bluewater/content/contact";
import { createContactHandler } from "../../functions/send-contact-email/handler.ts";
import {
  type DeliveryContext,
  deliveryContextFor,
} from "../../functions/send-contact-email/outbox/notificationQueue.ts";
import type { EmailProvider } from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import {
  logProvider,
  logSmsProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import type { SmsProvider } from "../../functions/send-contact-email/outbox/providers/smsProvider.ts";
import {
  type FunctionConfig,
  readConfig,
} from "../../functions/send-contact-email/platform/config.ts";
import type { Database } from "../../functions/send-contact-email/platform/database.ts";

export const testApiKey = "sb_publishable_test_key_for_the_tests";
export const testOrigin = "http://localhost:8080";
export const functionUrl = `http://127.0.0.1:54321${contactFunction.path}`;

export function testConfig(overrides: Record<string, string> = {}): FunctionConfig {
  const env: Record<string, string> = {
    PUBLIC_API_KEYS: testApiKey,
    IP_HASH_SECRET: "test-ip-hash-secret",
    RATE_LIMIT_MAX: "1000",
    // Leads of many tests come faster than the owner's real budgets allow: the tests of those
    // budgets set them.
    NOTIFY_SMS_MAX_PER_HOUR: "1000",
    ACKNOWLEDGMENT_MAX_PER_HOUR: "1000",
    NOTIFY_TO: "owner@bluewater.example",
    NOTIFY_FROM: "Website <website@bluewater.example>",
    DELIVERER_SECRET: "test-deliverer-secret",
    // Many tests' clocks stand on a Monday morning, when the weekly report would be one more email;
    // the report's own tests turn it on.
    OWNER_REPORT_EMAIL: "off",
    ...overrides,
  };
  return readConfig((name) => env[name]);
}

/** The key the tests' Resend fake accepts (`startResendFake(resendTestKey)`). */
export const resendTestKey = "re_test_key";

/** The test configuration with email through the Resend fake at `baseUrl`. */
export function resendTestConfig(
  baseUrl: string,
  overrides: Record<string, string> = {},
): FunctionConfig {
  return testConfig({
    NOTIFY_PROVIDER: "resend",
    RESEND_API_KEY: resendTestKey,
    RESEND_API_URL: baseUrl,
    ...overrides,
  });
}

/**
 * A handler whose log providers keep every email and text for the test to read, on a clock the
 * test sets (`setClock`, in ms since the epoch).
 */
export function startLoggingHandler(options: {
  db: Database;
  config?: FunctionConfig;
  start: number;
}) {
  const email = logProvider({ print: false });
  const sms = logSmsProvider({ print: false });
  let clock = options.start;
  const handler = startHandler({
    db: options.db,
    ...(options.config ? { config: options.config } : {}),
    provider: email,
    smsProvider: sms,
    now: () => new Date(clock),
  });
  return {
    ...handler,
    email,
    sms,
    setClock(ms: number) {
      clock = ms;
    },
    /** Moves the clock to `ms` after the lead was stored. */
    async afterLead(leadId: string, ms: number) {
      const { rows } = await options.db.query<{ created_at: Date }>(
        "select created_at from public.contact_requests where id = $1",
        [leadId],
      );
      clock = (rows[0]?.created_at.getTime() ?? 0) + ms;
    },
    /** The link in the lead's owner email: `…/contacted/#<lead>.<token>`. */
    ownerLinkOf(leadId: string): string {
      const sent = email.sent.find((entry) => entry.message.text.includes(leadId));
      const link = /Mark the lead as called: (\S+)/.exec(sent?.message.text ?? "")?.[1];
      assert.ok(link, "the owner's email links to the page");
      return link;
    },
  };
}

/** What the deliverer sends with, as the handler builds it for a request to `functionUrl`. */
export function deliveryContext(
  config: FunctionConfig,
  providers: { email: EmailProvider; sms?: SmsProvider },
): DeliveryContext {
  return deliveryContextFor(
    config,
    { email: providers.email, sms: providers.sms ?? logSmsProvider({ print: false }) },
    config.functionUrl ?? functionUrl,
  );
}

/** A handler wired like index.ts, with background work collected so a test can await it. */
export function startHandler(options: {
  db: Database | undefined;
  config?: FunctionConfig;
  provider?: EmailProvider;
  smsProvider?: SmsProvider;
  now?: () => Date;
}) {
  const background: Promise<unknown>[] = [];
  const logged: string[] = [];
  /** Each log line with its detail, as the console would print it. */
  const logLines: string[] = [];
  const backgroundErrors: unknown[] = [];
  const provider = options.provider ?? logProvider({ print: false });
  const smsProvider = options.smsProvider ?? logSmsProvider({ print: false });
  const handle = createContactHandler({
    config: options.config ?? testConfig(),
    db: options.db,
    providers: { email: provider, sms: smsProvider },
    ...(options.now ? { now: options.now } : {}),
    runInBackground: (task) =>
      background.push(task.catch((error: unknown) => backgroundErrors.push(error))),
    log: (message, detail) => {
      logged.push(message);
      logLines.push(detail === undefined ? message : `${message} ${Deno.inspect(detail)}`);
    },
  });
  const settle = async (): Promise<void> => {
    await Promise.all(background.splice(0));
  };
  return {
    handle,
    provider,
    smsProvider,
    logged,
    logLines,
    backgroundErrors,
    /** Waits for the notifications started after answering. */
    settle,
    /** Sends a valid submission (with `overrides`), expects 200, waits for its notifications. */
    async submit(overrides: Record<string, unknown> = {}): Promise<string> {
      const response = await handle(postRequest(validSubmission(overrides)));
      assert.equal(response.status, 200);
      const { id } = await readJson(response);
      await settle();
      return String(id);
    },
    /** The scheduled deliverer's call, as Supabase Cron makes it, and its report. */
    async deliver(): Promise<Record<string, unknown>> {
      const response = await handle(
        new Request(`${functionUrl}/deliver`, {
          method: "POST",
          headers: { "x-deliverer-secret": "test-deliverer-secret" },
        }),
      );
      assert.equal(response.status, 200);
      return await readJson(response);
    },
  };
}

let counter = 0;
let visit = 0;

/**
 * A valid submission as the form sends it; every call gets its own request id and its own
 * message, since the function takes the same content within a day for a copy of one lead.
 */
export function validSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  visit += 1;
  return {
    name: "Dana Homeowner",
    phone: "(586) 555-0123",
    email: "dana@example.com",
    service: "interior",
    message: `Water comes in along the north wall after heavy rain (visit ${visit}).`,
    requestId: crypto.randomUUID(),
    website: "",
    elapsedMs: 12_000,
    ...overrides,
  };
}

export function uniqueAddress(): string {
  counter += 1;
  return `198.51.${Math.floor(counter / 250)}.${counter % 250}`;
}

/** The header the hosted platform sets to the visitor's address (CLIENT_ADDRESS_HEADER's default). */
export const platformAddressHeader = "cf-connecting-ip";

export function postRequest(
  body: unknown,
  options: { headers?: Record<string, string>; address?: string; rawBody?: BodyInit } = {},
): Request {
  return new Request(functionUrl, {
    method: "POST",
    headers: {
      apikey: testApiKey,
      authorization: `Bearer ${testApiKey}`,
      "content-type": "application/json",
      "x-client-info": "supabase-js/2",
      origin: testOrigin,
      [platformAddressHeader]: options.address ?? uniqueAddress(),
      "user-agent": "deno-test",
      ...options.headers,
    },
    body: options.rawBody ?? JSON.stringify(body),
  });
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
