import { contactFunction } from "@bluewater/content/contact";
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

/**
 * Everything the function reads from its environment, read once. Names of our own settings never
 * start with SUPABASE_ (the platform reserves that prefix); SUPABASE_DB_URL, SUPABASE_ANON_KEY and
 * SUPABASE_PUBLISHABLE_KEYS are the values the platform and `supabase start` provide.
 */
export interface FunctionConfig {
  /** True on Supabase's hosted platform (see `isDeployed`): unsafe secrets then fail closed. */
  deployed: boolean;
  /**
   * On a deployed project, each secret that is missing, short or at its development value, with
   * the error naming it that every request logs. Empty locally, where development values serve.
   */
  unsafeSecrets: Partial<Record<SecretSetting, string>>;
  /**
   * On a deployed project, each provider of the owner's alerts that is `log` (or unset), with its
   * error: nothing is sent through it, every request logs the error and /deliver refuses.
   */
  unsafeProviders: Partial<Record<ProviderSetting, string>>;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  publicApiKeys: readonly string[];
  allowedOrigins: readonly string[];
  /**
   * This function's public address, which the answer page posts back to. Undefined when neither
   * CONTACT_FUNCTION_URL nor a reachable SUPABASE_URL says it: the request's own address is used.
   */
  functionUrl: string | undefined;
  /**
   * The site's origin, where the owner's page lives (`/contacted/`), which the alerts link to:
   * SITE_URL, else the first http(s) entry of ALLOWED_ORIGINS. Undefined: the alerts carry no link.
   */
  siteUrl: string | undefined;
  ipHashSecret: string;
  usesDevIpHashSecret: boolean;
  /**
   * The request header the platform sets to the visitor's address, overwriting whatever the
   * client sent (its first entry is used): cf-connecting-ip unless CLIENT_ADDRESS_HEADER names
   * another (supabase/README.md, "Client addresses").
   */
  clientAddressHeader: string;
  /** At most `max` new leads per client (an IPv6 client's /64) in any `windowSeconds`. */
  rateLimit: { max: number; windowSeconds: number };
  /** At most this many acknowledgments an hour, to all addresses together. */
  acknowledgmentsPerHour: number;
  /** Of those, at most this many to one client's leads (an IPv6 client's /64): its fair share. */
  acknowledgmentsPerClientPerHour: number;
  /** Whether the owner is emailed the weekly report (OWNER_REPORT_EMAIL, on unless "off"). */
  ownerReport: boolean;
  /**
   * Review requests after a finished job (docs/owner-tools.md, "Review requests"): the business's
   * Google review link (GOOGLE_REVIEW_URL, https only; none means no request at all), and at most
   * `perHour` of them and their reminders in any hour (REVIEW_REQUEST_MAX_PER_HOUR); past it they
   * wait for the next hour, none is dropped.
   */
  reviews: { url: string | undefined; perHour: number };
  /** The page's beacons: their own limit per address, and how many are stored at once. */
  visits: {
    rateLimit: { max: number; windowSeconds: number };
    /** Beacons stored at once, and how many more may wait for a slot before one is refused. */
    concurrency: number;
    queue: number;
  };
  notify: {
    provider: string;
    to: string;
    from: string;
    /** False while NOTIFY_TO or NOTIFY_FROM still hold the example.com placeholders. */
    addressesConfigured: boolean;
    resendApiKey: string | undefined;
    resendApiUrl: string;
    logFile: string | undefined;
  };
  sms: SmsSettings;
  /** Minutes of business hours after which a lead nobody marked as called is escalated. */
  escalationMinutes: number;
  contactLink: ContactLinkSettings;
  delivery: DeliveryPolicy;
  delivererSecret: string | undefined;
}

/** The owner's text messages: none when NOTIFY_SMS_TO names no number. */
export interface SmsSettings {
  provider: string;
  /** The numbers to text, one notification each; one not in E.164 form fails visibly. */
  to: readonly string[];
  /** The sending number (E.164), or a Twilio Messaging Service (MG…) that picks one. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  twilio: { accountSid: string | undefined; authToken: string | undefined; apiUrl: string };
  /** At most this many alert and escalation texts per number per hour; summaries beyond. */
  maxPerHour: number;
}

/** The signed links of the owner's alerts to the page that marks a lead as called. */
export interface ContactLinkSettings {
  secret: string;
  usesDevSecret: boolean;
  days: number;
  /** False on a deployed project without a usable CONTACT_LINK_SECRET: no link is made or taken. */
  enabled: boolean;
}

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  leaseSeconds: number;
}

export type ReadEnv = (name: string) => string | undefined;

/** Only for local development; a deployed function must get its own IP_HASH_SECRET. */
export const devIpHashSecret = developmentSecrets.IP_HASH_SECRET;

/** Only for local development; a deployed function must get its own CONTACT_LINK_SECRET. */
export const devContactLinkSecret = developmentSecrets.CONTACT_LINK_SECRET;

/** A phone number as Twilio takes it: +, a country code, at most 15 digits in all. */
export const e164 = /^\+[1-9][0-9]{6,14}$/;

export const defaultAllowedOrigins = ["http://localhost:8080", "http://127.0.0.1:8080"];

function text(env: ReadEnv, name: string): string | undefined {
  const value = env(name)?.trim();
  return value ? value : undefined;
}

function list(env: ReadEnv, name: string): string[] | undefined {
  const value = text(env, name);
  return value
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function wholeNumber(env: ReadEnv, name: string, fallback: number): number {
  return text(env, name) === "0" ? 0 : positiveInteger(env, name, fallback);
}

function positiveInteger(env: ReadEnv, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new Error(`${name} must be a positive whole number, not "${value}"`);
  }
  return number;
}

/**
 * NOTIFY_SMS_TO's numbers as given: one that is not E.164 is still a recipient, so that its
 * notifications fail where `pnpm leads queue` shows why, rather than the function refusing to
 * start and take leads. The column that keeps a recipient holds 32 characters.
 */
function smsRecipients(env: ReadEnv): string[] {
  return [...new Set((list(env, "NOTIFY_SMS_TO") ?? []).map((number) => number.slice(0, 32)))];
}

function smsSettings(env: ReadEnv): SmsSettings {
  return {
    provider: text(env, "NOTIFY_SMS_PROVIDER") ?? "log",
    to: smsRecipients(env),
    from: text(env, "NOTIFY_SMS_FROM"),
    messagingServiceSid: text(env, "TWILIO_MESSAGING_SERVICE_SID"),
    twilio: {
      accountSid: text(env, "TWILIO_ACCOUNT_SID"),
      authToken: text(env, "TWILIO_AUTH_TOKEN"),
      apiUrl: text(env, "TWILIO_API_URL") ?? "https://api.twilio.com",
    },
    maxPerHour: positiveInteger(env, "NOTIFY_SMS_MAX_PER_HOUR", 10),
  };
}

/** The platform's publishable keys come as a JSON object of named keys. */
function platformPublishableKeys(env: ReadEnv): string[] {
  const raw = text(env, "SUPABASE_PUBLISHABLE_KEYS");
  if (raw === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== "object") return [];
    return Object.values(parsed).filter((key): key is string => typeof key === "string");
  } catch {
    return [];
  }
}

function httpUrl(value: string | undefined): URL | undefined {
  if (value === undefined || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
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
function publicFunctionUrl(env: ReadEnv): string | undefined {
  const explicit = text(env, "CONTACT_FUNCTION_URL");
  if (explicit !== undefined) {
    const url = httpUrl(explicit);
    if (!url) throw new Error(`CONTACT_FUNCTION_URL must be an http(s) URL, not "${explicit}"`);
    return `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  }
  const project = httpUrl(text(env, "SUPABASE_URL"));
  if (!project || project.port === "0") return undefined;
  return `${project.origin}${contactFunction.path}`;
}

/** SITE_URL's origin, else the first allowed origin that is an address (not `*`). */
function siteUrlOf(env: ReadEnv, allowedOrigins: readonly string[]): string | undefined {
  const explicit = text(env, "SITE_URL");
  if (explicit !== undefined) {
    const url = httpUrl(explicit);
    if (!url) throw new Error(`SITE_URL must be an http(s) URL, not "${explicit}"`);
    return url.origin;
  }
  const first = allowedOrigins.map(httpUrl).find((url) => url !== undefined);
  return first?.origin;
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
function unsafeProvidersOf(
  env: ReadEnv,
  notify: FunctionConfig["notify"],
  sms: SmsSettings,
): Partial<Record<ProviderSetting, string>> {
  if (!isDeployed(env)) return {};
  const unsafe: Partial<Record<ProviderSetting, string>> = {};
  if (notify.provider === "log") unsafe.NOTIFY_PROVIDER = logProviderMessage("NOTIFY_PROVIDER");
  // Without numbers to text, no text exists for the provider to print.
  if (sms.provider === "log" && sms.to.length > 0) {
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

export function readConfig(env: ReadEnv): FunctionConfig {
  const anonKey = text(env, "SUPABASE_ANON_KEY");
  const publicApiKeys = [
    ...(list(env, "PUBLIC_API_KEYS") ?? []),
    ...platformPublishableKeys(env),
    ...(anonKey ? [anonKey] : []),
  ];
  const unsafeSecrets = unsafeSecretsOf(env);
  const notify: FunctionConfig["notify"] = {
    provider: text(env, "NOTIFY_PROVIDER") ?? "log",
    to: text(env, "NOTIFY_TO") ?? "leads@example.com",
    from: text(env, "NOTIFY_FROM") ?? "Blue Water website <website@example.com>",
    addressesConfigured:
      text(env, "NOTIFY_TO") !== undefined && text(env, "NOTIFY_FROM") !== undefined,
    resendApiKey: text(env, "RESEND_API_KEY"),
    resendApiUrl: text(env, "RESEND_API_URL") ?? "https://api.resend.com",
    logFile: text(env, "NOTIFY_LOG_FILE"),
  };
  const sms = smsSettings(env);
  const ipHashSecret = text(env, "IP_HASH_SECRET");
  const contactLinkSecret = text(env, "CONTACT_LINK_SECRET");
  const listed = list(env, "ALLOWED_ORIGINS") ?? defaultAllowedOrigins;
  const siteUrl = siteUrlOf(env, listed);
  // The owner's page lives on the site: its origin may always call the function.
  const allowedOrigins =
    siteUrl === undefined || listed.includes(siteUrl) || listed.includes("*")
      ? listed
      : [...listed, siteUrl];
  return {
    deployed: isDeployed(env),
    unsafeSecrets,
    unsafeProviders: unsafeProvidersOf(env, notify, sms),
    databaseUrl: text(env, "SUPABASE_DB_URL"),
    databasePoolMax: positiveInteger(env, "DB_POOL_MAX", 5),
    publicApiKeys: [...new Set(publicApiKeys)],
    allowedOrigins,
    functionUrl: publicFunctionUrl(env),
    siteUrl,
    ipHashSecret: unsafeSecrets.IP_HASH_SECRET
      ? instanceSecret()
      : (ipHashSecret ?? devIpHashSecret),
    usesDevIpHashSecret: ipHashSecret === undefined,
    clientAddressHeader: (text(env, "CLIENT_ADDRESS_HEADER") ?? "cf-connecting-ip").toLowerCase(),
    rateLimit: {
      max: positiveInteger(env, "RATE_LIMIT_MAX", 5),
      windowSeconds: positiveInteger(env, "RATE_LIMIT_WINDOW_SECONDS", 600),
    },
    acknowledgmentsPerHour: positiveInteger(env, "ACKNOWLEDGMENT_MAX_PER_HOUR", 20),
    acknowledgmentsPerClientPerHour: positiveInteger(
      env,
      "ACKNOWLEDGMENT_MAX_PER_CLIENT_PER_HOUR",
      2,
    ),
    ownerReport: text(env, "OWNER_REPORT_EMAIL")?.toLowerCase() !== "off",
    reviews: {
      url: httpsUrl(text(env, "GOOGLE_REVIEW_URL")),
      perHour: positiveInteger(env, "REVIEW_REQUEST_MAX_PER_HOUR", 10),
    },
    visits: {
      rateLimit: {
        max: positiveInteger(env, "VISIT_RATE_LIMIT_MAX", 60),
        windowSeconds: positiveInteger(env, "VISIT_RATE_LIMIT_WINDOW_SECONDS", 600),
      },
      // Beacons never take more than this many of the pool's connections; leads get the rest.
      concurrency: positiveInteger(env, "VISIT_CONCURRENCY", 2),
      queue: wholeNumber(env, "VISIT_QUEUE", 50),
    },
    notify,
    sms,
    escalationMinutes: positiveInteger(env, "ESCALATE_AFTER_MINUTES", 15),
    contactLink: {
      secret: contactLinkSecret ?? devContactLinkSecret,
      usesDevSecret: contactLinkSecret === undefined,
      days: positiveInteger(env, "CONTACT_LINK_DAYS", 7),
      enabled: unsafeSecrets.CONTACT_LINK_SECRET === undefined,
    },
    delivery: {
      maxAttempts: positiveInteger(env, "NOTIFY_MAX_ATTEMPTS", 8),
      retryBaseSeconds: positiveInteger(env, "NOTIFY_RETRY_BASE_SECONDS", 30),
      retryMaxSeconds: positiveInteger(env, "NOTIFY_RETRY_MAX_SECONDS", 6 * 60 * 60),
      leaseSeconds: positiveInteger(env, "NOTIFY_LEASE_SECONDS", 120),
    },
    delivererSecret: unsafeSecrets.DELIVERER_SECRET ? undefined : text(env, "DELIVERER_SECRET"),
  };
}
