import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { defineCommand, parseCommand } from "@bluewater/cli";
import { contactFunction } from "@bluewater/content/contact";
import { checkProductionSettings, functionSecrets } from "./productionSettings.ts";
import {
  checkProject,
  deployFunction,
  installSchedule,
  pushMigrations,
  type StepReport,
  setSecrets,
} from "./projectSteps.ts";
import { buildSite } from "./siteBuild.ts";
import { sourceDigest } from "./sourceDigest.ts";
import type { SupabaseTarget } from "./supabaseCli.ts";

/**
 * `pnpm go-live`: the whole product on a hosted Supabase project, from one env file. Every value
 * is checked before anything is touched; then the real Supabase CLI applies the migrations, sets
 * the function's secrets, deploys it and schedules its deliverer, each only where the project
 * differs; then the site is built with the same values. (`pnpm deploy` is pnpm's own command.)
 */
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** What the function is deployed from: its folder, what it shares, the package it imports. */
const functionSources = [
  "supabase/config.toml",
  `supabase/functions/${contactFunction.name}`,
  "supabase/functions/_shared",
  "packages/content/src",
];

const options = (
  await parseCommand(
    defineCommand(
      "pnpm go-live",
      "Checks a production env file, then puts the backend on a hosted Supabase project and builds the site for it.",
    )
      // Not --env-file: Node takes that one for itself even after the script's name.
      .option(
        "--settings <file>",
        "the production env file (see .env.production.example)",
        ".env.production",
      )
      .option("--site-out <dir>", "where the built site goes", "apps/web/dist")
      .option("--check", "only check the env file; change nothing")
      .option(
        "--supabase-profile <file>",
        "a Supabase CLI profile naming another Management API (the tests' fake)",
      )
      .addHelpText(
        "after",
        "\nRun it again at any time: it changes only what differs, and says so (README.md, Deployment).",
      ),
  )
).opts<{ settings: string; siteOut: string; check?: boolean; supabaseProfile?: string }>();

function readEnvFile(path: string): Record<string, string> {
  try {
    return Object.fromEntries(
      Object.entries(parseEnv(readFileSync(path, "utf8"))).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    console.error(
      `pnpm go-live: ${path} does not exist. Fix: cp .env.production.example ${path}, fill it in, and run again.`,
    );
    process.exit(1);
  }
}

const envFile = resolve(process.cwd(), options.settings);
const given = readEnvFile(envFile);
const token = given.SUPABASE_ACCESS_TOKEN ?? process.env.SUPABASE_ACCESS_TOKEN;
const check = checkProductionSettings({
  ...given,
  ...(token ? { SUPABASE_ACCESS_TOKEN: token } : {}),
});
if (!check.ok) {
  console.error(`pnpm go-live: ${envFile} is not ready; nothing was changed.`);
  for (const problem of check.problems) console.error(`  ${problem}`);
  process.exit(1);
}
const { settings } = check;
console.log(`Checked ${envFile}: every setting is ready.`);
if (options.check) process.exit(0);

const database = new URL(settings.DATABASE_URL);
const databasePassword = decodeURIComponent(database.password);
database.password = "";
const target: SupabaseTarget = {
  projectRef: settings.SUPABASE_PROJECT_REF,
  accessToken: settings.SUPABASE_ACCESS_TOKEN,
  databaseUrl: database.toString(),
  databasePassword,
  workdir: repoRoot,
  profile: options.supabaseProfile && resolve(process.cwd(), options.supabaseProfile),
};
const projectUrl = `https://${settings.SUPABASE_PROJECT_REF}.supabase.co`;
const functionUrl = `${projectUrl}${contactFunction.path}`;
const siteOut = resolve(process.cwd(), options.siteOut);

const steps: Array<() => Promise<StepReport>> = [
  () => checkProject(target, settings.VITE_SUPABASE_PUBLISHABLE_KEY),
  () => pushMigrations(target),
  () => setSecrets(target, functionSecrets(settings)),
  async () => deployFunction(target, await sourceDigest(repoRoot, functionSources)),
  () => installSchedule(target, functionUrl, settings.DELIVERER_SECRET),
  () =>
    buildSite({
      repoRoot,
      outDir: siteOut,
      projectUrl,
      publishableKey: settings.VITE_SUPABASE_PUBLISHABLE_KEY,
      siteUrl: settings.SITE_URL,
    }),
];

const reports: StepReport[] = [];
try {
  for (const step of steps) {
    const report = await step();
    reports.push(report);
    console.log(`${report.changed ? "changed  " : "unchanged"}  ${report.step}: ${report.said}`);
  }
} catch (error) {
  console.error(`pnpm go-live stopped: ${error instanceof Error ? error.message : error}`);
  console.error("What is done stays done; fix the cause and run it again.");
  process.exit(1);
}

const projectChanged = reports.some((report) => report.changed && report.step !== "site");
console.log(
  projectChanged
    ? `\nThe project ${settings.SUPABASE_PROJECT_REF} is up to date now.`
    : `\nNothing changed: the project ${settings.SUPABASE_PROJECT_REF} was up to date already.`,
);
console.log(`
What is left by hand:
  1. Publish the site: upload ${siteOut} to your static host for ${settings.SITE_URL}
     (Netlify and Cloudflare Pages read its _headers and serve its 404.html with status 404).
  2. DNS: point ${new URL(settings.SITE_URL).hostname} at that host, and verify the sending
     domain of NOTIFY_FROM at Resend (https://resend.com/domains).
  3. Twilio: register the business for A2P 10DLC (a brand and a campaign) and add the number to
     the campaign's Messaging Service; until it is approved, US carriers block the texts
     (supabase/README.md, "Texting the owner through Twilio").
  4. Send a test lead from the site, then check which header carries the visitor's address
     (supabase/README.md, CLIENT_ADDRESS_HEADER).`);
