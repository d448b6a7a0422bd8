import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Run by `pnpm install` (postinstall): downloads the function's npm packages and its tests' into
 * Deno's cache, against deno.lock, so that `pnpm start` and `pnpm test` need no network after
 * install (the stack runs the function with --cached-only). Deno trusts the system's certificate
 * store as well as its own, as Node does through NODE_EXTRA_CA_CERTS.
 */
const supabaseDir = fileURLToPath(new URL("..", import.meta.url));
const tests = readdirSync(`${supabaseDir}tests`, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => `tests/${file}`);
const entrypoints = [
  "functions/send-contact-email/index.ts",
  "scripts/generate-row-types.ts",
  ...tests,
];
const result = spawnSync(
  "deno",
  [
    "install",
    "--quiet",
    "--frozen",
    "--config=functions/send-contact-email/deno.json",
    "--entrypoint",
    ...entrypoints,
  ],
  {
    cwd: supabaseDir,
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
    env: { ...process.env, DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? "system,mozilla" },
  },
);
if (result.status !== 0) {
  const error = result.error ? String(result.error) : result.stderr.trim();
  console.error(
    `\nCould not cache the edge function's Deno dependencies (${error}).\n` +
      (/certificate|UnknownIssuer|tls/i.test(error)
        ? "Deno does not trust this network's HTTPS certificate: add its certificate authority " +
          "to the system store, or point DENO_CERT at its PEM file, then run `pnpm install` again."
        : "Deno needs to reach the npm registry (NPM_CONFIG_REGISTRY, HTTPS_PROXY) once, during " +
          "`pnpm install`; check the connection and run `pnpm install` again."),
  );
  process.exit(1);
}
