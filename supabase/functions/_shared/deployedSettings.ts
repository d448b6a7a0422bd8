/**
 * What a deployed function must never run with, shared by the function (which fails closed on
 * it) and `pnpm go-live` (which refuses to deploy it): one list, one rule, one fix.
 */

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
  return undefined;
}

/** The function's log line for a deployed project that lacks a usable secret. */
export function unsafeSecretMessage(name: SecretSetting, problem: string): string {
  return `${name} ${problem} on this deployed project: ${withoutIt[name]}. Fix: ${secretFix(name)}.`;
}

/**
 * Whether the function runs on Supabase's hosted platform, read from what the platform sets:
 * SB_REGION and DENO_DEPLOYMENT_ID (Supabase's "Environment Variables" guide), or an https
 * SUPABASE_URL. The local stack and `supabase functions serve` give an http one.
 */
export function isDeployed(env: (name: string) => string | undefined): boolean {
  if (env("SB_REGION") || env("DENO_DEPLOYMENT_ID")) return true;
  return env("SUPABASE_URL")?.trim().startsWith("https://") ?? false;
}
