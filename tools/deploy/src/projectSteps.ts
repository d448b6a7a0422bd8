import { createHash } from "node:crypto";
import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contactFunction } from "@bluewater/content/contact";
import { secretsFile } from "./secretsFile.ts";
import { readOnlyQuery, type SupabaseTarget, supabase, supabaseJson } from "./supabaseCli.ts";

/**
 * Each step of `pnpm go-live` on the hosted project: it reads what is there first, changes only
 * what differs, and says which it did, so that a second run changes nothing and says so.
 */
export interface StepReport {
  step: string;
  changed: boolean;
  said: string;
}

/** The function secret that records which source the deployed function was built from. */
export const deployedSourceSecret = "DEPLOYED_FUNCTION_SHA256";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Runs `work` with a file only this user can read, holding `text`; removes it afterwards. */
async function withPrivateFile<T>(
  name: string,
  text: string,
  work: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "bluewater-go-live-"));
  const path = join(folder, name);
  try {
    await writeFile(path, text, { mode: 0o600 });
    await chmod(path, 0o600);
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

interface ApiKey {
  api_key: string | null;
  type?: string;
  name: string;
}

/**
 * The project answers with this token, and the publishable key the site will be built with is
 * one of its own: a site built with another project's key could never send a lead.
 */
export async function checkProject(
  target: SupabaseTarget,
  publishableKey: string,
): Promise<StepReport> {
  const keys = await supabaseJson<ApiKey[]>(target, [
    "projects",
    "api-keys",
    `--remote=${target.projectRef}`,
  ]);
  if (!keys.some((key) => key.api_key === publishableKey)) {
    throw new Error(
      `VITE_SUPABASE_PUBLISHABLE_KEY is not a key of project ${target.projectRef}. Fix: copy the publishable key from that project's dashboard: Project Settings, API Keys`,
    );
  }
  return {
    step: "project",
    changed: false,
    said: `${target.projectRef} answers; the site's key is its own`,
  };
}

/** The migrations in supabase/migrations that the project's database has not applied yet. */
async function pendingMigrations(target: SupabaseTarget): Promise<string[]> {
  const local = (await readdir(join(target.workdir, "supabase/migrations")))
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort();
  const [history] = await readOnlyQuery<{ present: boolean }>(
    target,
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  const applied = history?.present
    ? await readOnlyQuery<{ version: string }>(
        target,
        "select version from supabase_migrations.schema_migrations",
      )
    : [];
  const done = new Set(applied.map((row) => row.version));
  return local.filter((file) => !done.has(file.slice(0, file.indexOf("_"))));
}

export async function pushMigrations(target: SupabaseTarget): Promise<StepReport> {
  const pending = await pendingMigrations(target);
  if (pending.length === 0) {
    return { step: "database", changed: false, said: "every migration is applied already" };
  }
  await supabase(target, ["db", "push", `--remote=${target.databaseUrl}`]);
  const left = await pendingMigrations(target);
  if (left.length > 0) throw new Error(`supabase db push left ${left.join(", ")} unapplied`);
  return { step: "database", changed: true, said: `applied ${pending.join(", ")}` };
}

/** Each function secret's name and the SHA-256 of its value, as the Management API lists them. */
async function secretDigests(target: SupabaseTarget): Promise<Map<string, string>> {
  const listed = await supabaseJson<Array<{ name: string; value: string }>>(target, [
    "secrets",
    "list",
    `--remote=${target.projectRef}`,
  ]);
  return new Map(listed.map((secret) => [secret.name, secret.value]));
}

async function setSecretValues(target: SupabaseTarget, secrets: Record<string, string>) {
  await withPrivateFile("secrets.env", secretsFile(secrets), (path) =>
    supabase(target, ["secrets", "set", "--env-file", path, `--remote=${target.projectRef}`]),
  );
}

/** Sets the function's secrets whose value differs from the project's (compared by digest). */
export async function setSecrets(
  target: SupabaseTarget,
  secrets: Record<string, string>,
): Promise<StepReport> {
  const digests = await secretDigests(target);
  const changed = Object.entries(secrets).filter(
    ([name, value]) => digests.get(name) !== sha256(value),
  );
  if (changed.length === 0) {
    return {
      step: "secrets",
      changed: false,
      said: `all ${Object.keys(secrets).length} are set already`,
    };
  }
  await setSecretValues(target, Object.fromEntries(changed));
  return {
    step: "secrets",
    changed: true,
    said: `set ${changed.map(([name]) => name).join(", ")}`,
  };
}

/**
 * Deploys the function when its source differs from the one deployed last (recorded, as its
 * digest, in a function secret after each deploy): Supabase bundles it server-side (--use-api),
 * with verify_jwt and the import map from supabase/config.toml.
 */
export async function deployFunction(
  target: SupabaseTarget,
  sourceDigest: string,
): Promise<StepReport> {
  const deployed = (await secretDigests(target)).get(deployedSourceSecret);
  if (deployed === sha256(sourceDigest)) {
    return { step: "function", changed: false, said: "its source is the one deployed already" };
  }
  await supabase(target, [
    "functions",
    "deploy",
    contactFunction.name,
    "--use-api",
    `--remote=${target.projectRef}`,
  ]);
  await setSecretValues(target, { [deployedSourceSecret]: sourceDigest });
  return { step: "function", changed: true, said: `deployed ${contactFunction.name}` };
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The deliverer's Supabase Cron job (migration 20251126001100): installed, left as it is, or
 * skipped where pg_cron or pg_net do not exist. The secret goes in a private file, not argv.
 */
export async function installSchedule(
  target: SupabaseTarget,
  functionUrl: string,
  delivererSecret: string,
): Promise<StepReport> {
  const statement = `select public.schedule_contact_deliverer(${sqlText(functionUrl)}, ${sqlText(delivererSecret)}) as outcome`;
  const [row] = await withPrivateFile("schedule.sql", statement, (path) =>
    supabaseJson<Array<{ outcome: string }>>(target, [
      "db",
      "query",
      "--file",
      path,
      `--remote=${target.databaseUrl}`,
    ]),
  );
  const outcome = row?.outcome ?? "no answer";
  return {
    step: "schedule",
    changed: outcome === "installed",
    said:
      outcome === "installed"
        ? "the deliverer runs every minute (Supabase Cron job deliver-contact-notifications)"
        : outcome === "unchanged"
          ? "the deliverer's Cron job is installed already"
          : outcome,
  };
}
