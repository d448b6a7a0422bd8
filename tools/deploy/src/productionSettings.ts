import { Buffer } from "node:buffer";
import {
  e164,
  type SecretSetting,
  secretProblem,
  secretSettings,
} from "@bluewater/supabase/deployed-settings";
import * as v from "valibot";
import { unwritableSecret } from "./secretsFile.ts";

/**
 * What `pnpm go-live` needs and checks before it touches anything: every setting of the
 * production env file (.env.production.example describes each), with the shape its issuer gives
 * it. A value that fails is named with what it must be and how to get a right one; no value is
 * ever repeated back, since most are secrets.
 */

/** A required value: trimmed, `is not set` when missing. */
const required = (fix: string, ...checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[]) =>
  v.pipe(v.string(`is not set. Fix: ${fix}`), v.trim(), ...checks);

/** A value that may be left out, checked when given. */
const optional = (...checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[]) =>
  v.optional(v.pipe(v.string(), v.trim(), ...checks));

/** A required value of a given shape. */
const shaped = (pattern: RegExp, shape: string, fix: string) =>
  required(fix, v.regex(pattern, `must be ${shape}. Fix: ${fix}`));

/** The origin of an https address that is not this machine nor an example, or undefined. */
function httpsOrigin(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
  if (/(^|\.)example(\.(com|org|net))?$/.test(url.hostname)) return undefined;
  const bare = url.pathname === "/" && url.search === "" && url.hash === "" && !url.username;
  return url.protocol === "https:" && !local && bare ? url.origin : undefined;
}

const publishableKeyFix =
  "copy the publishable key (sb_publishable_…) or the legacy anon key from the Supabase dashboard: Project Settings, API Keys";

/** The `role` claim of a JWT's payload (its signature is the project's to check), if it has one. */
function jwtRole(token: string): unknown {
  const payload = token.split(".")[1] ?? "";
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims !== null && typeof claims === "object" && "role" in claims
      ? claims.role
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a value may not be the site's key, or undefined when it may. The key is built into every
 * page, so it must be one that row-level security holds: a publishable key or a JWT whose role is
 * anon. A secret key or the service_role JWT would hand every visitor the whole database.
 */
function publishableKeyProblem(key: string): string | undefined {
  if (key.startsWith("sb_secret_")) {
    return `is a secret key (sb_secret_…), which bypasses row-level security and would be built into every page. Fix: ${publishableKeyFix}`;
  }
  if (/^sb_publishable_[A-Za-z0-9_-]{20,}$/.test(key)) return undefined;
  if (!/^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(key)) {
    return `must be the project's publishable key (sb_publishable_…) or its legacy anon key. Fix: ${publishableKeyFix}`;
  }
  const role = jwtRole(key);
  if (role === "anon") return undefined;
  return role === "service_role"
    ? `is the service_role key, which bypasses row-level security and would be built into every page. Fix: ${publishableKeyFix}`
    : `is a JWT whose role is not anon: only the anon key may be built into the pages. Fix: ${publishableKeyFix}`;
}

/** A check whose message is the problem `problemOf` finds, with its fix. */
const noProblem = (problemOf: (value: string) => string | undefined, fix = "") =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    const problem = dataset.typed ? problemOf(dataset.value) : undefined;
    if (problem) addIssue({ message: `${problem}${fix}` });
  });

const secret = (name: SecretSetting) => {
  const fix = `${name}=<the output of: openssl rand -hex 32>`;
  return required(
    fix,
    noProblem((value) => secretProblem(name, value), `. Fix: ${fix}`),
  );
};

const e164Fix = "write it in E.164 form, + and the country code first, like +15865550123";
const plainEmail = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/;
const placeholderDomain = /@(example\.(com|org|net)|[^>]*\.example)>?$/i;
const positiveWhole = (fix: string) =>
  optional(v.regex(/^[1-9][0-9]{0,6}$/, `must be a positive whole number. Fix: ${fix}`));

/** Each of `https` origins, comma-separated, is the site's own. */
const httpsOrigins = (value: string) =>
  value.split(",").every((origin) => httpsOrigin(origin.trim()) !== undefined);

const settingsEntries = {
  SUPABASE_PROJECT_REF: shaped(
    /^[a-z]{20}$/,
    "the 20 lowercase letters of your project's address, https://<ref>.supabase.co",
    "copy it from the Supabase dashboard: Project Settings, General, Project ID",
  ),
  SUPABASE_ACCESS_TOKEN: shaped(
    /^sbp_[0-9a-f]{40}$/,
    "a personal access token: sbp_ and 40 hexadecimal characters",
    "create one at https://supabase.com/dashboard/account/tokens (or leave it out and export it in your shell)",
  ),
  DATABASE_URL: shaped(
    /^postgres(ql)?:\/\/[^:/@\s]+:[^@\s]+@[^/\s]+\/\S+$/,
    "the project's connection string with its password, postgresql://user:password@host:port/postgres",
    "copy it from the Supabase dashboard: Connect, Session pooler, and put in the database password",
  ),
  VITE_SUPABASE_PUBLISHABLE_KEY: required(publishableKeyFix, noProblem(publishableKeyProblem)),
  SITE_URL: required(
    "the site's public address, like https://www.example.com",
    v.check(
      (value) => httpsOrigin(value) !== undefined,
      "must be the site's own public https address (not an example one), with no path. Fix: like https://www.your-domain.com",
    ),
  ),
  ALLOWED_ORIGINS: required(
    "the site's https origin(s), comma-separated",
    v.check(
      httpsOrigins,
      "must list the site's own https origins only, comma-separated, each without a path. Fix: like https://www.your-domain.com,https://your-domain.com",
    ),
  ),
  IP_HASH_SECRET: secret("IP_HASH_SECRET"),
  CONTACT_LINK_SECRET: secret("CONTACT_LINK_SECRET"),
  DELIVERER_SECRET: secret("DELIVERER_SECRET"),
  NOTIFY_PROVIDER: v.optional(
    v.literal(
      "resend",
      "must be resend: hosted functions cannot use SMTP (ports 25 and 587 are blocked). Fix: NOTIFY_PROVIDER=resend",
    ),
    "resend",
  ),
  RESEND_API_KEY: shaped(
    /^re_[A-Za-z0-9_]{20,}$/,
    "a Resend API key: re_ and at least 20 more letters, digits or _",
    "create one at https://resend.com/api-keys with Sending access",
  ),
  NOTIFY_TO: v.pipe(
    shaped(plainEmail, "one plain email address", "the owner's address, where every lead is sent"),
    v.check(
      (value) => !placeholderDomain.test(value),
      "is still an example address. Fix: the owner's address, where every lead is sent",
    ),
  ),
  NOTIFY_FROM: v.pipe(
    shaped(
      /^([^<>\r\n]+ <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
      "an address, or a name and an address: Blue Water website <leads@your-domain>",
      "use an address on a domain verified at Resend (https://resend.com/domains)",
    ),
    v.check(
      (value) => !placeholderDomain.test(value),
      "is still an example address. Fix: an address on a domain verified at Resend (https://resend.com/domains)",
    ),
  ),
  NOTIFY_SMS_PROVIDER: v.optional(
    v.literal("twilio", "must be twilio. Fix: NOTIFY_SMS_PROVIDER=twilio"),
    "twilio",
  ),
  NOTIFY_SMS_TO: required(
    `the owner's mobile number(s), comma-separated; ${e164Fix}`,
    v.check(
      (value) => value.split(",").every((number) => e164.test(number.trim())),
      `must be phone numbers in E.164 form, comma-separated. Fix: ${e164Fix}`,
    ),
  ),
  NOTIFY_SMS_FROM: optional(
    v.regex(e164, `must be the Twilio number in E.164 form. Fix: ${e164Fix}`),
  ),
  TWILIO_MESSAGING_SERVICE_SID: optional(
    v.regex(
      /^MG[0-9a-f]{32}$/,
      "must be a Messaging Service SID: MG and 32 hexadecimal characters. Fix: copy it from Twilio's Console, Messaging, Services",
    ),
  ),
  TWILIO_ACCOUNT_SID: shaped(
    /^AC[0-9a-f]{32}$/,
    "an Account SID: AC and 32 hexadecimal characters",
    "copy it from the home page of Twilio's Console",
  ),
  TWILIO_AUTH_TOKEN: shaped(
    /^[0-9a-f]{32}$/,
    "an Auth Token: 32 hexadecimal characters",
    "copy it from the home page of Twilio's Console",
  ),
  CLIENT_ADDRESS_HEADER: optional(
    v.regex(
      /^[A-Za-z0-9-]+$/,
      "must be a header name. Fix: like cf-connecting-ip, or leave it out",
    ),
    // The function takes a header's first entry, and in these the client writes the first.
    v.check(
      (name) => !/^(x-forwarded-for|forwarded)$/i.test(name),
      "names a header whose first entry the client writes, so anyone could pick the address the rate limit counts. Fix: leave it out (cf-connecting-ip, which Supabase's edge sets), or name the header your own proxy overwrites with the client's address, like x-real-ip",
    ),
  ),
  ESCALATE_AFTER_MINUTES: positiveWhole("minutes of business hours, like 15, or leave it out"),
  CONTACT_LINK_DAYS: positiveWhole("days, like 7, or leave it out"),
  RATE_LIMIT_MAX: positiveWhole("requests per window, like 5, or leave it out"),
  RATE_LIMIT_WINDOW_SECONDS: positiveWhole("seconds, like 600, or leave it out"),
  NOTIFY_MAX_ATTEMPTS: positiveWhole("attempts, like 8, or leave it out"),
  NOTIFY_SMS_MAX_PER_HOUR: positiveWhole("texts per number per hour, like 10, or leave it out"),
  ACKNOWLEDGMENT_MAX_PER_HOUR: positiveWhole("acknowledgments per hour, like 20, or leave it out"),
  VISIT_RATE_LIMIT_MAX: positiveWhole("page views per window, like 60, or leave it out"),
  VISIT_RATE_LIMIT_WINDOW_SECONDS: positiveWhole("seconds, like 600, or leave it out"),
  VISIT_CONCURRENCY: positiveWhole("beacons stored at once, like 2, or leave it out"),
  VISIT_QUEUE: optional(
    v.regex(
      /^[0-9]{1,4}$/,
      "must be a whole number. Fix: beacons waiting for a slot, like 50, or leave it out",
    ),
  ),
  OWNER_REPORT_EMAIL: v.optional(
    v.picklist(
      ["on", "off"],
      "must be on or off. Fix: off stops the Monday report, or leave it out",
    ),
  ),
  GOOGLE_REVIEW_URL: optional(
    v.regex(
      /^https:\/\/[^\s"<>]+$/,
      "must be an https link. Fix: the review link of your Google Business Profile (Ask for reviews, Share review form), like https://g.page/r/…/review, or leave it out to send no review requests",
    ),
  ),
  REVIEW_REQUEST_MAX_PER_HOUR: positiveWhole("review emails per hour, like 10, or leave it out"),
};

/** The problems that take two settings or more to see, each line naming the setting to change. */
function crossProblems(settings: object): string[] {
  const values = new Map(
    Object.entries(settings).map(([name, value]) => [name, typeof value === "string" ? value : ""]),
  );
  const text = (name: string) => values.get(name) ?? "";
  const problems: string[] = [];
  const site = httpsOrigin(text("SITE_URL"));
  const origins = text("ALLOWED_ORIGINS").split(",");
  if (site && httpsOrigins(text("ALLOWED_ORIGINS")) && !origins.some((o) => o.trim() === site)) {
    problems.push(
      `ALLOWED_ORIGINS must include the site's origin, or its form cannot post. Fix: add ${site}`,
    );
  }
  if (!text("NOTIFY_SMS_FROM") && !text("TWILIO_MESSAGING_SERVICE_SID")) {
    problems.push(
      `NOTIFY_SMS_FROM is not set. Fix: the Twilio number the texts come from (${e164Fix}), or set TWILIO_MESSAGING_SERVICE_SID`,
    );
  }
  // Checked here, before anything is touched: a value the secrets file cannot carry whole would
  // reach the function changed (DELIVERER_SECRET then differs from the Cron job's copy).
  for (const [name, value] of values) {
    const problem = unwritableSecret(value);
    if (problem) {
      problems.push(
        `${name} ${problem}. Fix: choose a value without them (secrets: openssl rand -hex 32)`,
      );
    }
  }
  const secrets = secretSettings.map(text);
  for (const [index, name] of secretSettings.entries()) {
    if (secrets.indexOf(secrets[index] ?? "") !== index) {
      problems.push(
        `${name} is the same as another secret. Fix: give each secret its own openssl rand -hex 32`,
      );
    }
  }
  return problems;
}

/**
 * Every setting, the problems of each alone and those that take two to see; these only once every
 * value is there and of its type, as a missing value would make up problems of its own.
 */
const settingsSchema = v.pipe(
  v.object(settingsEntries),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.issues?.some((issue) => issue.kind === "schema")) return;
    if (typeof dataset.value !== "object" || dataset.value === null) return;
    for (const message of crossProblems(dataset.value)) addIssue({ message });
  }),
);

export type ProductionSettings = v.InferOutput<typeof settingsSchema>;

/** One line per problem: the setting's name, what is wrong, and the fix. */
export type SettingsCheck =
  | { ok: true; settings: ProductionSettings }
  | { ok: false; problems: string[] };

export function checkProductionSettings(values: Record<string, string>): SettingsCheck {
  const known = Object.keys(settingsEntries);
  const unknown = Object.keys(values)
    .filter((name) => !known.includes(name))
    .map(
      (name) =>
        `${name} is not a setting pnpm go-live knows. Fix: remove it, or check its spelling against .env.production.example`,
    );
  // An empty line in the file (NAME=) means the value was left out. Every known name is passed,
  // so a missing one is answered by its own schema, with its own fix.
  const given = Object.fromEntries(known.map((name) => [name, values[name] || undefined]));
  const result = v.safeParse(settingsSchema, given);
  if (result.success && unknown.length === 0) return { ok: true, settings: result.output };
  const problems = (result.issues ?? []).map((issue) =>
    issue.path ? `${v.getDotPath(issue)} ${issue.message}` : issue.message,
  );
  return { ok: false, problems: [...problems, ...unknown] };
}

/** The settings the function reads, as `supabase secrets set` stores them for it. */
export function functionSecrets(settings: ProductionSettings): Record<string, string> {
  const {
    SUPABASE_PROJECT_REF: _ref,
    SUPABASE_ACCESS_TOKEN: _token,
    DATABASE_URL: _database,
    VITE_SUPABASE_PUBLISHABLE_KEY: publishableKey,
    ...forTheFunction
  } = settings;
  const secrets: Record<string, string> = { PUBLIC_API_KEYS: publishableKey };
  for (const [name, value] of Object.entries(forTheFunction)) {
    if (value !== undefined) secrets[name] = value;
  }
  return secrets;
}
