// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";

const root = new URL("../../../../", import.meta.url).pathname;
const dist = join(root, "apps/web/dist");

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? builtFiles(path) : [path];
  });
}

/** Every NAME=value the project's env files define (the shell's values are checked too). */
function configuredValues(): Map<string, string> {
  const values = new Map<string, string>();
  for (const file of [".env.example", "tools/stack/local.env", ".env"]) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    for (const [name, value] of Object.entries(parseEnv(readFileSync(path, "utf8")))) {
      if (value) values.set(`${file}: ${name}`, value);
    }
  }
  for (const [name, value] of Object.entries(process.env)) {
    if (value && /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL/.test(name))
      values.set(`env: ${name}`, value);
  }
  return values;
}

/** Values the page must carry: where the backend is, and its public key (the backend's list of
 * accepted public keys holds the same key). */
const publicNames = /VITE_SUPABASE_URL|VITE_SUPABASE_PUBLISHABLE_KEY|PUBLIC_API_KEYS/;

describe("the built site", () => {
  if (!existsSync(join(dist, "index.html"))) {
    it("exists (build it with `pnpm build` or run `pnpm test` from the root)", () => {
      expect.fail(`no build in ${dist}`);
    });
    return;
  }
  const text = builtFiles(dist)
    .filter((file) => !/\.(png|woff2|avif|webp|jpe?g)$/.test(file))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");

  it("carries the public key it was built with, and no other key or secret", () => {
    const publicKey = process.env.VITE_SUPABASE_PUBLISHABLE_KEY ?? "";
    expect(publicKey, "the scan needs the key the site was built with").not.toBe("");
    expect(text.includes(publicKey), "the built site carries its public key").toBe(true);
    const keys = new Set(text.match(/sb_(publishable|secret)_[A-Za-z0-9_-]+/g) ?? []);
    expect([...keys]).toEqual([publicKey]);
    const secretLooking = [
      /sb_secret_[A-Za-z0-9_-]{8,}/,
      /service_role/,
      /eyJhbGciOi[A-Za-z0-9_-]+\./,
      /\bre_[A-Za-z0-9]{16,}/,
    ];
    expect(secretLooking.filter((pattern) => pattern.test(text)).map(String)).toEqual([]);
  });

  it("contains no value of any env file or secret variable besides the public ones", () => {
    const leaked = [...configuredValues()]
      .filter(([name, value]) => !publicNames.test(name) && value.length >= 8)
      .filter(([, value]) => text.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
