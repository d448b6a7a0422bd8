// @vitest-environment node
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appRoot = fileURLToPath(new URL("../..", import.meta.url));

function buildWithout(variable: string) {
  const env = { ...process.env };
  delete env[variable];
  return spawnSync(process.execPath, ["scripts/build.ts"], { cwd: appRoot, env, encoding: "utf8" });
}

describe("the production build", () => {
  it("fails without the backend's public key, saying so in supabase-js's words", () => {
    const result = buildWithout("VITE_SUPABASE_PUBLISHABLE_KEY");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("supabaseKey is required.");
  });

  it("fails without the backend's URL", () => {
    const result = buildWithout("VITE_SUPABASE_URL");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("supabaseUrl is required.");
  });
});
