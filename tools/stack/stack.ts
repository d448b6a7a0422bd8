import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createSiteServer } from "../serve/siteServer.ts";
import { scheduleDeliverer } from "./deliverer.ts";
import { startEmbeddedDatabase, type Watchdog } from "./embeddedDatabase.ts";
import { localDelivererSecret, localPublishableKey } from "./env.ts";
import { startFunctionProcess } from "./functionProcess.ts";
import { type GatewayLimits, startGateway } from "./gateway.ts";
import { listenPatiently } from "./listen.ts";
import { logger } from "./log.ts";
import { prepareDatabase } from "./migrate.ts";
import type { ServerLimits } from "./postgresConnection.ts";

export type StackDatabase =
  /** PGlite behind the wire server in its own process; `dataDir` may be `memory://`. */
  | {
      kind: "pglite";
      dataDir: string;
      port: number;
      limits?: Partial<ServerLimits>;
      watchdog?: Partial<Watchdog>;
    }
  /** Any Postgres, e.g. the CI server; it must already exist. */
  | { kind: "url"; url: string };

export interface StackOptions {
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
  /** Overrides for the function's environment, after .env (the bench raises the rate limit). */
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
  stop(): Promise<void>;
}

const functionName = "send-contact-email";

/** Environment the function sees, as the platform and `supabase start` would provide it. */
function functionEnvironment(
  options: StackOptions,
  databaseUrl: string,
  gatewayUrl: string,
): Record<string, string> {
  const env = options.env;
  const keep = (name: string) => (env[name] ? { [name]: env[name] } : {});
  return {
    PATH: env.PATH ?? "",
    HOME: env.HOME ?? "",
    ...keep("DENO_DIR"),
    // Deno's own certificate settings, for a machine whose registry traffic needs its CAs.
    ...keep("DENO_TLS_CA_STORE"),
    ...keep("DENO_CERT"),
    SUPABASE_URL: gatewayUrl,
    SUPABASE_DB_URL: databaseUrl,
    PUBLIC_API_KEYS: env.PUBLIC_API_KEYS ?? localPublishableKey,
    ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? "http://localhost:8080,http://127.0.0.1:8080",
    NOTIFY_PROVIDER: env.NOTIFY_PROVIDER ?? "log",
    NOTIFY_LOG_FILE: env.NOTIFY_LOG_FILE ?? join(options.dataDir, "outbox.jsonl"),
    DELIVERER_SECRET: env.DELIVERER_SECRET ?? localDelivererSecret,
    ...Object.assign(
      {},
      ...[
        "IP_HASH_SECRET",
        "CLIENT_ADDRESS_HEADER",
        "NOTIFY_TO",
        "NOTIFY_FROM",
        "RESEND_API_KEY",
        "RESEND_API_URL",
        "RATE_LIMIT_MAX",
        "RATE_LIMIT_WINDOW_SECONDS",
        "NOTIFY_MAX_ATTEMPTS",
        "NOTIFY_RETRY_BASE_SECONDS",
        "NOTIFY_RETRY_MAX_SECONDS",
        "NOTIFY_LEASE_SECONDS",
        "DB_POOL_MAX",
      ].map(keep),
    ),
    ...options.functionEnv,
  };
}

async function prepareStackDatabase(url: string): Promise<void> {
  const applied = await prepareDatabase(url);
  if (applied.length > 0) {
    logger("db").info(
      `applied migrations: ${applied.map((m) => `${m.version}_${m.name}`).join(", ")}`,
    );
  }
}

/**
 * The embedded local stack: Postgres (PGlite) on :54322, the function in Deno behind a gateway on
 * :54321, the scheduled deliverer and the built site on :8080. Each part stops in reverse order.
 */
export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse())
      await step().catch((error: unknown) => logger("stack").error(error));
    stops.length = 0;
  };
  try {
    await mkdir(options.dataDir, { recursive: true });
    let databaseUrl: string;
    if (options.database.kind === "pglite") {
      const database = await startEmbeddedDatabase({
        dataDir: options.database.dataDir,
        host: options.host,
        port: options.database.port,
        limits: options.database.limits,
        watchdog: options.database.watchdog,
      });
      stops.push(async () => {
        await database.stop();
        logger("db").info("closed");
      });
      databaseUrl = database.url;
      logger("db").info(`PGlite (${options.database.dataDir}) on ${databaseUrl}`);
    } else {
      databaseUrl = options.database.url;
      logger("db").info(`using ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}`);
      await prepareStackDatabase(databaseUrl);
    }
    options.signal?.throwIfAborted();

    const gatewayUrl = `http://${options.host}:${options.gatewayPort}`;
    const fn = await startFunctionProcess({
      name: functionName,
      env: functionEnvironment(options, databaseUrl, gatewayUrl),
      writableDir: options.dataDir,
      quiet: options.quietFunction ?? false,
    });
    stops.push(() => fn.stop());
    const gateway = await startGateway({
      host: options.host,
      port: options.gatewayPort,
      functions: [fn],
      limits: options.gatewayLimits,
    });
    stops.push(() => gateway.stop());
    options.signal?.throwIfAborted();
    const functionsUrl = `${gateway.url}/functions/v1/${functionName}`;
    logger("functions").info(`${functionName} on ${functionsUrl}`);

    if (options.delivererEverySeconds > 0) {
      const deliverer = scheduleDeliverer({
        functionUrl: functionsUrl,
        secret: options.env.DELIVERER_SECRET ?? localDelivererSecret,
        everySeconds: options.delivererEverySeconds,
      });
      stops.push(() => deliverer.stop());
    }

    let siteUrl: string | undefined;
    if (options.site) {
      if (existsSync(join(options.site.distDir, "index.html"))) {
        siteUrl = await startSite(options.site, stops, options.signal);
      } else {
        logger("site").error(`no build in ${options.site.distDir}: run pnpm build (site skipped)`);
      }
    }
    return { databaseUrl, functionsUrl, siteUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startSite(
  site: { port: number; distDir: string },
  stops: Array<() => Promise<void>>,
  signal: AbortSignal | undefined,
): Promise<string> {
  const log = logger("site");
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
  const port = typeof address === "object" && address ? address.port : site.port;
  const url = `http://localhost:${port}`;
  log.info(`serving ${site.distDir} on ${url}`);
  return url;
}
