import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { contactFunction } from "@bluewater/content/contact";
import { startPostgres } from "@bluewater/postgres";
import { prepareSupabaseSchema } from "@bluewater/postgres/schema";
import { createSiteServer } from "@bluewater/serve";
import { scheduleDeliverer } from "./deliverer.ts";
import { startFunctionProcess } from "./functionProcess.ts";
import { type GatewayLimits, startGateway } from "./gateway.ts";
import { listenPatiently } from "./listen.ts";
import { logger } from "./log.ts";

export type StackDatabase =
  /** The embedded PostgreSQL server on a data folder, made on first use. */
  | { dataDir: string; port: number }
  /** Any PostgreSQL database, e.g. a test's own; it must already exist. */
  | { url: string };

export interface StackOptions {
  /** The local configuration (see env.ts): the function sees all of it, as with `--env-file`. */
  env: Record<string, string>;
  host: string;
  database: StackDatabase;
  gatewayPort: number;
  /** Tighter limits than the defaults, for tests that wait for them to pass. */
  gatewayLimits?: Partial<GatewayLimits>;
  /** Where the log provider's outbox file goes. */
  dataDir: string;
  site?: { port: number; distDir: string } | undefined;
  /** 0 turns the scheduled deliverer off. */
  delivererEverySeconds: number;
  /** Overrides for the function's environment, after `env` (the bench raises the rate limit). */
  functionEnv?: Record<string, string>;
  /** Keeps the function's printed output (emails of the log provider) off the console. */
  quietFunction?: boolean;
  /** Aborts a start still in progress (Ctrl-C while a port is busy); what started is stopped. */
  signal?: AbortSignal;
}

export interface LocalStack {
  databaseUrl: string;
  functionsUrl: string;
  siteUrl: string | undefined;
  /** The function's Deno process, undefined while it restarts (a test kills it). */
  functionPid(): number | undefined;
  stop(): Promise<void>;
}

const functionName = contactFunction.name;
type Stops = Array<() => Promise<void>>;

/** The database: the embedded server started on its data folder, or the one the URL names. */
async function openDatabase(database: StackDatabase, host: string, stops: Stops) {
  const log = logger("db");
  if ("url" in database) {
    log.info(`using ${database.url.replace(/:[^:@/]*@/, ":***@")}`);
    return database.url;
  }
  const started = performance.now();
  const server = await startPostgres({ ...database, host, log: (line) => log.info(line) });
  stops.push(async () => {
    await server.stop();
    log.info("stopped");
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log.info(`PostgreSQL (${database.dataDir}) on ${server.url}, started in ${seconds} s`);
  return server.url;
}

async function startSite(
  site: { port: number; distDir: string },
  stops: Stops,
  signal?: AbortSignal,
) {
  const log = logger("site");
  if (!existsSync(join(site.distDir, "index.html"))) {
    log.error(`no build in ${site.distDir}: run pnpm build (site skipped)`);
    return undefined;
  }
  const server = await createSiteServer(site.distDir, (error) => log.error(error));
  await listenPatiently(server, site.port, "localhost", "site", signal);
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  // Port 0 asks for any free port: the URL must name the one the server got.
  const address = server.address();
  const url = `http://localhost:${typeof address === "object" && address ? address.port : site.port}`;
  log.info(`serving ${site.distDir} on ${url}`);
  return url;
}

/**
 * The local stack: PostgreSQL on :54322, the function in Deno behind a gateway on :54321, the
 * scheduled deliverer and the built site on :8080. Each part stops in reverse order.
 */
export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const stops: Stops = [];
  const stop = async () => {
    for (const step of stops.reverse())
      await step().catch((error: unknown) => logger("stack").error(error));
    stops.length = 0;
  };
  try {
    await mkdir(options.dataDir, { recursive: true });
    // The site first: the owner's page the function's alerts link to is on it.
    const siteUrl = options.site ? await startSite(options.site, stops, options.signal) : undefined;
    const databaseUrl = await openDatabase(options.database, options.host, stops);
    options.signal?.throwIfAborted();
    const applied = await prepareSupabaseSchema(databaseUrl);
    if (applied.length > 0) {
      logger("db").info(
        `applied migrations: ${applied.map((m) => `${m.version}_${m.name}`).join(", ")}`,
      );
    }

    // What the platform (or `supabase start`) gives every function, after the configuration.
    const fn = await startFunctionProcess({
      name: functionName,
      env: {
        NOTIFY_LOG_FILE: join(options.dataDir, "outbox.jsonl"),
        ...options.env,
        // The alerts' links lead to the owner's page on the site this stack serves, whatever
        // SITE_URL the build was given (the function lets that origin call it, too).
        ...(siteUrl ? { SITE_URL: siteUrl } : {}),
        SUPABASE_URL: `http://${options.host}:${options.gatewayPort}`,
        SUPABASE_DB_URL: databaseUrl,
        ...options.functionEnv,
      },
      writableDir: options.dataDir,
      quiet: options.quietFunction ?? false,
    });
    stops.push(() => fn.stop());
    const gateway = await startGateway({
      host: options.host,
      port: options.gatewayPort,
      functions: [fn],
      limits: options.gatewayLimits,
      // The platform's rule for a GET's HTML holds unless the project has a custom domain.
      customDomain: options.env.GATEWAY_CUSTOM_DOMAIN === "true",
      signal: options.signal,
    });
    stops.push(() => gateway.stop());
    const functionsUrl = `${gateway.url}/functions/v1/${functionName}`;
    logger("functions").info(`${functionName} on ${functionsUrl}`);

    if (options.delivererEverySeconds > 0) {
      const deliverer = scheduleDeliverer({
        functionUrl: functionsUrl,
        secret: options.env.DELIVERER_SECRET ?? "",
        everySeconds: options.delivererEverySeconds,
      });
      stops.push(() => deliverer.stop());
    }
    return { databaseUrl, functionsUrl, siteUrl, functionPid: () => fn.pid(), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
