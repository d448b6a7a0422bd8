/**
 * What a deployed function must never run with, shared by the function (which fails closed on
 * it) and `pnpm go-live` (which refuses to deploy it): one list, one rule, one fix. The rules here
 * are plain predicates, so the package needs no schema library of its own: each side uses them in
 * its valibot schema.
 */

/** A phone number as Twilio takes it: +, a country code, at most 15 digits in all. */
export const e164 = /^\+[1-9][0-9]{6,14}$/;

/** The secrets whose value, if known or guessable, would make something forgeable or readable. */
export type SecretSetting = "IP_HASH_SECRET" | "CONTACT_LINK_SECRET" | "DELIVERER_SECRET";

export const secretSettings: readonly SecretSetting[] = [
  "IP_HASH_SECRET",
  "CONTACT_LINK_SECRET",
  "DELIVERER_SECRET",
];

/**
 * The local development values: public in this repository, so anyone could sign a link, post to
 * /deliver or reverse an address hash with them. tools/stack/local.env holds the deliverer's.
 */
export const developmentSecrets: Readonly<Record<SecretSetting, string>> = {
  IP_HASH_SECRET: "local-development-ip-hash-secret",
  CONTACT_LINK_SECRET: "local-development-contact-link-secret",
  DELIVERER_SECRET: "local-deliverer-secret",
};

/** 32 characters: `openssl rand -hex 32` gives 64, far past any guessing. */
export const minimumSecretLength = 32;

/**
 * At least this many bits of Shannon entropy per character, as the value's own letters count
 * them: `openssl rand -hex 32` gives about 3.7, base64 about 5, while `aaaa…` gives 0 and a
 * repeated short word (`abcabc…`, `passwordpassword…`) stays under 3.
 */
export const minimumSecretEntropyBits = 3;

/** The Shannon entropy of `value`'s characters, in bits per character. */
export function entropyBitsPerCharacter(value: string): number {
  const characters = [...value];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** What a deployed project does without each secret, in the words of the function's log. */
const withoutIt: Readonly<Record<SecretSetting, string>> = {
  IP_HASH_SECRET:
    "addresses are hashed with a key made for this instance only (the rate limit holds per instance)",
  CONTACT_LINK_SECRET: "the alerts carry no mark-called link and /contacted refuses every link",
  DELIVERER_SECRET:
    "/deliver refuses every call, so failed alerts are not retried and no lead is escalated",
};

/** How to set a good value: the same sentence in the function's log and in `pnpm go-live`. */
export function secretFix(name: SecretSetting): string {
  return `set ${name} to a long random value (openssl rand -hex 32) in the production env file and run pnpm go-live again, or: supabase secrets set ${name}=$(openssl rand -hex 32)`;
}

/** Why a value may not be used on a deployed project, or undefined when it may. */
export function secretProblem(name: SecretSetting, value: string | undefined): string | undefined {
  const given = value?.trim() ?? "";
  if (given === "") return "is not set";
  if (given === developmentSecrets[name]) return "holds the local development value";
  if (given.length < minimumSecretLength) {
    return `is shorter than ${minimumSecretLength} characters`;
  }
  if (entropyBitsPerCharacter(given) < minimumSecretEntropyBits) {
    return "is too easy to guess (its characters repeat too much to be random)";
  }
  return undefined;
}

/** The function's log line for a deployed project that lacks a usable secret. */
export function unsafeSecretMessage(name: SecretSetting, problem: string): string {
  return `${name} ${problem} on this deployed project: ${withoutIt[name]}. Fix: ${secretFix(name)}.`;
}

/** Names for this machine itself: loopback addresses, `localhost`, and the unspecified ones. */
const thisMachine = /^(localhost|.+\.localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1?\])$/i;

/**
 * Whether the function serves anyone but this machine: on Supabase's hosted platform (it sets
 * SB_REGION and DENO_DEPLOYMENT_ID, per Supabase's "Environment Variables" guide), or wherever
 * its public address (CONTACT_FUNCTION_URL, else SUPABASE_URL) is not on this machine, as on a
 * self-hosted Supabase (`http://kong:8000`). The local stack gives a loopback SUPABASE_URL;
 * `supabase functions serve` gives `http://kong:8000` too, and is told apart by the loopback
 * CONTACT_FUNCTION_URL it needs anyway (docs/function.md). No address at all: a test, local.
 */
export function isDeployed(env: (name: string) => string | undefined): boolean {
  if (env("SB_REGION") || env("DENO_DEPLOYMENT_ID")) return true;
  const address = env("CONTACT_FUNCTION_URL")?.trim() || env("SUPABASE_URL")?.trim();
  if (!address) return false;
  if (!URL.canParse(address)) return true;
  return !thisMachine.test(new URL(address).hostname);
}

/** The settings naming where the owner's alerts go: `log` there only prints them. */
export type ProviderSetting = "NOTIFY_PROVIDER" | "NOTIFY_SMS_PROVIDER";

const realProvider: Readonly<Record<ProviderSetting, string>> = {
  NOTIFY_PROVIDER: "resend (with RESEND_API_KEY)",
  NOTIFY_SMS_PROVIDER: "twilio (with its account SID, auth token and sender)",
};

/**
 * The one error for a deployed project whose alerts would go to the log provider (set, or the
 * default when unset): they carry the leads' details and live mark-called links, and would
 * count as delivered while reaching nobody.
 */
export function logProviderMessage(name: ProviderSetting): string {
  return `${name} is log (or not set) on this deployed project: the alerts, with the leads' details and live links, would go to the log and count as delivered, so none is sent (each stays queued) and /deliver refuses every call. Fix: set ${name} to ${realProvider[name]} in the production env file and run pnpm go-live again, or supabase secrets set them.`;
}
