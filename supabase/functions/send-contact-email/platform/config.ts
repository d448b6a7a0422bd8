import { contactFunction } from "@bluewater/content/contact";
import * as v from "valibot";
import {
  developmentSecrets,
  isDeployed,
  logProviderMessage,
  type ProviderSetting,
  type SecretSetting,
  secretProblem,
  secretSettings,
  unsafeSecretMessage,
} from "../../_shared/deployedSettings.ts";
import { toHex } from "./hex.ts";

export type ReadEnv = (name: string) => string | undefined;

/** Everything the function reads from its environment, read once: see `readConfig`. */
export type FunctionConfig = ReturnType<typeof readConfig>;
/** The signed links of the owner's alerts to the page that marks a lead as called. */
export type ContactLinkSettings = FunctionConfig["contactLink"];
export type DeliveryPolicy = FunctionConfig["delivery"];

/** Only for local development; a deployed function must get its own IP_HASH_SECRET. */
export const devIpHashSecret = developmentSecrets.IP_HASH_SECRET;

/** Only for local development; a deployed function must get its own CONTACT_LINK_SECRET. */
export const devContactLinkSecret = developmentSecrets.CONTACT_LINK_SECRET;

export const defaultAllowedOrigins = ["http://localhost:8080", "http://127.0.0.1:8080"];

/** A comma-separated list, its empty items dropped. */
const list = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  ),
);

/** A count, `fallback` when unset; `zero` allows 0 as well. */
const count = (fallback: number, { zero = false } = {}) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) =>
          (zero && value === "0") || (Number.isInteger(Number(value)) && Number(value) > 0),
        (issue) => `must be a positive whole number, not "${issue.input}"`,
      ),
      v.transform(Number),
    ),
    String(fallback),
  );

function httpUrl(value: string | undefined): URL | undefined {
  if (value === undefined || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
}

/** An address the owner set, which must be one. */
const address = v.optional(
  v.pipe(
    v.string(),
    v.check(
      (value) => httpUrl(value) !== undefined,
      (issue) => `must be an http(s) URL, not "${issue.input}"`,
    ),
    v.transform((value) => new URL(value)),
  ),
);

/** The platform's publishable keys come as a JSON object of named keys. */
function namedKeys(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== "object") return [];
    return Object.values(parsed).filter((key): key is string => typeof key === "string");
  } catch {
    return [];
  }
}

/**
 * Each setting the function reads, with its default. An unset or empty setting is absent; a count
 * that is not one stops the function, while an unusable address given by the platform
 * (SUPABASE_URL) or keys it names badly only leave their feature off.
 */
const settingsSchema = v.object({
  SUPABASE_DB_URL: v.optional(v.string()),
  DB_POOL_MAX: count(5),
  PUBLIC_API_KEYS: v.optional(list, ""),
  SUPABASE_PUBLISHABLE_KEYS: v.optional(v.pipe(v.string(), v.transform(namedKeys)), "{}"),
  SUPABASE_ANON_KEY: v.optional(v.string()),
  ALLOWED_ORIGINS: v.optional(list, defaultAllowedOrigins.join(",")),
  CONTACT_FUNCTION_URL: address,
  SUPABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => httpUrl(value)),
    ),
  ),
  SITE_URL: address,
  IP_HASH_SECRET: v.optional(v.string()),
  CLIENT_ADDRESS_HEADER: v.optional(v.pipe(v.string(), v.toLowerCase()), "cf-connecting-ip"),
  RATE_LIMIT_MAX: count(5),
  RATE_LIMIT_WINDOW_SECONDS: count(600),
  ACKNOWLEDGMENT_MAX_PER_HOUR: count(20),
  ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR: count(2),
  OWNER_REPORT_EMAIL: v.optional(v.pipe(v.string(), v.toLowerCase()), "on"),
  GOOGLE_REVIEW_URL: v.optional(v.string()),
  REVIEW_REQUEST_MAX_PER_HOUR: count(10),
  VISIT_RATE_LIMIT_MAX: count(60),
  VISIT_RATE_LIMIT_WINDOW_SECONDS: count(600),
  VISIT_CONCURRENCY: count(2),
  VISIT_QUEUE: count(50, { zero: true }),
  NOTIFY_PROVIDER: v.optional(v.string(), "log"),
  NOTIFY_TO: v.optional(v.string()),
  NOTIFY_FROM: v.optional(v.string()),
  RESEND_API_KEY: v.optional(v.string()),
  RESEND_API_URL: v.optional(v.string(), "https://api.resend.com"),
  NOTIFY_LOG_FILE: v.optional(v.string()),
  NOTIFY_SMS_PROVIDER: v.optional(v.string(), "log"),
  /**
   * The numbers as given: one that is not E.164 is still a recipient, so that its notifications
   * fail where `pnpm leads queue` shows why, rather than the function refusing to start and take
   * leads. The column that keeps a recipient holds 32 characters.
   */
  NOTIFY_SMS_TO: v.optional(
    v.pipe(
      list,
      v.transform((numbers) => [...new Set(numbers.map((number) => number.slice(0, 32)))]),
    ),
    "",
  ),
  NOTIFY_SMS_FROM: v.optional(v.string()),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(v.string()),
  TWILIO_ACCOUNT_SID: v.optional(v.string()),
  TWILIO_AUTH_TOKEN: v.optional(v.string()),
  TWILIO_API_URL: v.optional(v.string(), "https://api.twilio.com"),
  NOTIFY_SMS_MAX_PER_HOUR: count(10),
  ESCALATE_AFTER_MINUTES: count(15),
  CONTACT_LINK_SECRET: v.optional(v.string()),
  CONTACT_LINK_DAYS: count(7),
  NOTIFY_MAX_ATTEMPTS: count(8),
  NOTIFY_RETRY_BASE_SECONDS: count(30),
  NOTIFY_RETRY_MAX_SECONDS: count(6 * 60 * 60),
  NOTIFY_LEASE_SECONDS: count(120),
  DELIVERER_SECRET: v.optional(v.string()),
});

type Settings = v.InferOutput<typeof settingsSchema>;

/** The settings, each trimmed and an empty one left out; the first that is wrong stops here. */
function parseSettings(env: ReadEnv): Settings {
  const given = Object.fromEntries(
    Object.keys(settingsSchema.entries).map((name) => [name, env(name)?.trim() || undefined]),
  );
  const parsed = v.safeParse(settingsSchema, given, { abortEarly: true });
  if (parsed.success) return parsed.output;
  const [issue] = parsed.issues;
  throw new Error(`${v.getDotPath(issue)} ${issue.message}`);
}

/** A link a homeowner is sent: https only, as the address was written. */
function httpsUrl(value: string | undefined): string | undefined {
  return httpUrl(value)?.protocol === "https:" ? value : undefined;
}

/**
 * CONTACT_FUNCTION_URL when set (a custom domain, or `supabase functions serve`, whose
 * SUPABASE_URL is the Docker-internal http://kong:8000), else the project's SUPABASE_URL. Port 0
 * is a listener that had not started yet, never an address a browser can post to.
 */
function publicFunctionUrl(settings: Settings): string | undefined {
  const explicit = settings.CONTACT_FUNCTION_URL;
  if (explicit) return `${explicit.origin}${explicit.pathname.replace(/\/$/, "")}`;
  const project = settings.SUPABASE_URL;
  if (!project || project.port === "0") return undefined;
  return `${project.origin}${contactFunction.path}`;
}

/** On a deployed project, what each unusable secret makes the function refuse, by name. */
function unsafeSecretsOf(env: ReadEnv): Partial<Record<SecretSetting, string>> {
  if (!isDeployed(env)) return {};
  const unsafe: Partial<Record<SecretSetting, string>> = {};
  for (const name of secretSettings) {
    const problem = secretProblem(name, env(name));
    if (problem) unsafe[name] = unsafeSecretMessage(name, problem);
  }
  return unsafe;
}

/** On a deployed project, the alert providers that would only print the alerts, by name. */
function unsafeProvidersOf(env: ReadEnv, s: Settings): Partial<Record<ProviderSetting, string>> {
  if (!isDeployed(env)) return {};
  const unsafe: Partial<Record<ProviderSetting, string>> = {};
  if (s.NOTIFY_PROVIDER === "log") unsafe.NOTIFY_PROVIDER = logProviderMessage("NOTIFY_PROVIDER");
  // Without numbers to text, no text exists for the provider to print.
  if (s.NOTIFY_SMS_PROVIDER === "log" && s.NOTIFY_SMS_TO.length > 0) {
    unsafe.NOTIFY_SMS_PROVIDER = logProviderMessage("NOTIFY_SMS_PROVIDER");
  }
  return unsafe;
}

/**
 * A key nobody knows, made for this instance: addresses hashed with it can be neither reversed
 * with a published key nor linked across instances.
 */
function instanceSecret(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Everything the function reads from its environment, read once. Names of our own settings never
 * start with SUPABASE_ (the platform reserves that prefix); SUPABASE_DB_URL, SUPABASE_ANON_KEY and
 * SUPABASE_PUBLISHABLE_KEYS are the values the platform and `supabase start` provide.
 */
export function readConfig(env: ReadEnv) {
  const s = parseSettings(env);
  const unsafeSecrets = unsafeSecretsOf(env);
  const listed = s.ALLOWED_ORIGINS;
  // SITE_URL's origin, else the first allowed origin that is an address (not `*`).
  const siteUrl = (s.SITE_URL ?? listed.map(httpUrl).find((url) => url !== undefined))?.origin;
  const publicApiKeys = [
    ...s.PUBLIC_API_KEYS,
    ...s.SUPABASE_PUBLISHABLE_KEYS,
    ...(s.SUPABASE_ANON_KEY ? [s.SUPABASE_ANON_KEY] : []),
  ];
  return {
    /** True on Supabase's hosted platform (see `isDeployed`): unsafe secrets then fail closed. */
    deployed: isDeployed(env),
    /**
     * On a deployed project, each secret that is missing, short or at its development value, with
     * the error naming it that every request logs. Empty locally, where development values serve.
     */
    unsafeSecrets,
    /**
     * On a deployed project, each provider of the owner's alerts that is `log` (or unset), with its
     * error: nothing is sent through it, every request logs the error and /deliver refuses.
     */
    unsafeProviders: unsafeProvidersOf(env, s),
    databaseUrl: s.SUPABASE_DB_URL,
    databasePoolMax: s.DB_POOL_MAX,
    publicApiKeys: [...new Set(publicApiKeys)] as readonly string[],
    // The owner's page lives on the site: its origin may always call the function.
    allowedOrigins:
      siteUrl === undefined || listed.includes(siteUrl) || listed.includes("*")
        ? listed
        : [...listed, siteUrl],
    /**
     * This function's public address, which the answer page posts back to. Undefined when neither
     * CONTACT_FUNCTION_URL nor a reachable SUPABASE_URL says it: the request's own address is used.
     */
    functionUrl: publicFunctionUrl(s),
    /**
     * The site's origin, where the owner's page lives (`/contacted/`), which the alerts link to:
     * SITE_URL, else the first http(s) entry of ALLOWED_ORIGINS. Undefined: the alerts carry no link.
     */
    siteUrl,
    ipHashSecret: unsafeSecrets.IP_HASH_SECRET
      ? instanceSecret()
      : (s.IP_HASH_SECRET ?? devIpHashSecret),
    usesDevIpHashSecret: s.IP_HASH_SECRET === undefined,
    /**
     * The request header the platform sets to the visitor's address, overwriting whatever the
     * client sent (its first entry is used): cf-connecting-ip unless CLIENT_ADDRESS_HEADER names
     * another (supabase/README.md, "Client addresses").
     */
    clientAddressHeader: s.CLIENT_ADDRESS_HEADER,
    /** At most `max` new leads per client (an IPv6 client's /64) in any `windowSeconds`. */
    rateLimit: { max: s.RATE_LIMIT_MAX, windowSeconds: s.RATE_LIMIT_WINDOW_SECONDS },
    /** At most this many acknowledgments an hour, to all addresses together. */
    acknowledgmentsPerHour: s.ACKNOWLEDGMENT_MAX_PER_HOUR,
    /** Of those, at most this many to one client's leads (an IPv6 client's /64): its fair share. */
    acknowledgmentsPerClientPerHour: s.ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR,
    /** Whether the owner is emailed the weekly report (OWNER_REPORT_EMAIL, on unless "off"). */
    ownerReport: s.OWNER_REPORT_EMAIL !== "off",
    /**
     * Review requests after a finished job (docs/owner-tools.md, "Review requests"): the business's
     * Google review link (GOOGLE_REVIEW_URL, https only; none means no request at all), and at most
     * `perHour` of them and their reminders in any hour (REVIEW_REQUEST_MAX_PER_HOUR); past it they
     * wait for the next hour, none is dropped.
     */
    reviews: { url: httpsUrl(s.GOOGLE_REVIEW_URL), perHour: s.REVIEW_REQUEST_MAX_PER_HOUR },
    /** The page's beacons: their own limit per address, and how many are stored at once. */
    visits: {
      rateLimit: { max: s.VISIT_RATE_LIMIT_MAX, windowSeconds: s.VISIT_RATE_LIMIT_WINDOW_SECONDS },
      // Beacons never take more than this many of the pool's connections; leads get the rest.
      concurrency: s.VISIT_CONCURRENCY,
      /** Beacons that may wait for a slot before one is refused. */
      queue: s.VISIT_QUEUE,
    },
    notify: {
      provider: s.NOTIFY_PROVIDER,
      to: s.NOTIFY_TO ?? "leads@example.com",
      from: s.NOTIFY_FROM ?? "Blue Water website <website@example.com>",
      /** False while NOTIFY_TO or NOTIFY_FROM still hold the example.com placeholders. */
      addressesConfigured: s.NOTIFY_TO !== undefined && s.NOTIFY_FROM !== undefined,
      resendApiKey: s.RESEND_API_KEY,
      resendApiUrl: s.RESEND_API_URL,
      logFile: s.NOTIFY_LOG_FILE,
    },
    sms: {
      provider: s.NOTIFY_SMS_PROVIDER,
      /** The numbers to text, one notification each; one not in E.164 form fails visibly. */
      to: s.NOTIFY_SMS_TO as readonly string[],
      /** The sending number (E.164), or a Twilio Messaging Service (MG…) that picks one. */
      from: s.NOTIFY_SMS_FROM,
      messagingServiceSid: s.TWILIO_MESSAGING_SERVICE_SID,
      twilio: {
        accountSid: s.TWILIO_ACCOUNT_SID,
        authToken: s.TWILIO_AUTH_TOKEN,
        apiUrl: s.TWILIO_API_URL,
      },
      /** At most this many alert and escalation texts per number per hour; summaries beyond. */
      maxPerHour: s.NOTIFY_SMS_MAX_PER_HOUR,
    },
    /** Minutes of business hours after which a lead nobody marked as called is escalated. */
    escalationMinutes: s.ESCALATE_AFTER_MINUTES,
    contactLink: {
      secret: s.CONTACT_LINK_SECRET ?? devContactLinkSecret,
      usesDevSecret: s.CONTACT_LINK_SECRET === undefined,
      days: s.CONTACT_LINK_DAYS,
      /** False on a deployed project without a usable CONTACT_LINK_SECRET: no link is made or taken. */
      enabled: unsafeSecrets.CONTACT_LINK_SECRET === undefined,
    },
    delivery: {
      maxAttempts: s.NOTIFY_MAX_ATTEMPTS,
      retryBaseSeconds: s.NOTIFY_RETRY_BASE_SECONDS,
      retryMaxSeconds: s.NOTIFY_RETRY_MAX_SECONDS,
      leaseSeconds: s.NOTIFY_LEASE_SECONDS,
    },
    delivererSecret: unsafeSecrets.DELIVERER_SECRET ? undefined : s.DELIVERER_SECRET,
  };
}
