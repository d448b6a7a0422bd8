import { strict as assert } from "node:assert";
import { secretsFile, unwritableSecret } from "../../../tools/deploy/src/secretsFile.ts";
import { fakeProjectRef, startFakeManagementApi } from "../support/fakeManagementApi.ts";

/**
 * The function's secrets reach the project through `supabase secrets set --env-file`: the real
 * CLI reads the file go-live writes (with its own dotenv parser) and posts what it read to a fake
 * of the Management API, which keeps it. What arrives must be exactly what was set, or the
 * function and the deliverer's Cron job (which holds DELIVERER_SECRET in Vault) disagree.
 */
const repoRoot = new URL("../../../", import.meta.url).pathname;

/** What the real CLI posts for a file holding `secrets`. */
async function setThroughCli(secrets: Record<string, string>): Promise<Map<string, string>> {
  const api = startFakeManagementApi();
  const work = await Deno.makeTempDir({ prefix: "bluewater-secrets-" });
  try {
    const file = `${work}/secrets.env`;
    await Deno.writeTextFile(file, secretsFile(secrets), { mode: 0o600 });
    const output = await new Deno.Command(`${repoRoot}supabase/node_modules/.bin/supabase`, {
      args: [
        "secrets",
        "set",
        "--env-file",
        file,
        `--remote=${fakeProjectRef}`,
        "--workdir",
        repoRoot,
        "--yes",
        "--profile",
        await api.profileFor(work),
      ],
      cwd: repoRoot,
      env: {
        SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}`,
        DO_NOT_TRACK: "1",
        SUPABASE_TELEMETRY_DISABLED: "1",
      },
    }).output();
    const said = new TextDecoder().decode(output.stderr);
    assert.equal(output.code, 0, said);
    return new Map(api.secrets);
  } finally {
    await api.shutdown();
    await Deno.remove(work, { recursive: true });
  }
}

Deno.test("the real Supabase CLI reads back every value exactly as set", async () => {
  const secrets: Record<string, string> = {
    BACKSLASHES: "a\\b\\\\c\\nd\\rd",
    DOUBLE_QUOTES: 'say "hi" \\" there"',
    HASH: "one # two #three",
    EQUALS: "a=b==c=",
    SPACES: "  padded  value  ",
    NEWLINES: "line one\nline two\n\nline three\n",
    DOLLARS: "$HOME $\u{7b}HOME} $(id) \\$HOME $",
    SINGLE_QUOTES: "it's 'quoted' \\n",
    BOTH_QUOTES: 'it\'s "quoted" \\ too',
    SINGLE_QUOTES_AND_BACKTICKS: "it's `quoted`\n",
    CARRIAGE_RETURNS: "one\r\ntwo\rthree \\ four",
    DELIVERER_SECRET: '0f3\\"#= $x\n\'"1a',
  };
  const read = await setThroughCli(secrets);
  for (const [name, value] of Object.entries(secrets)) {
    assert.equal(JSON.stringify(read.get(name)), JSON.stringify(value), name);
  }
});

Deno.test("a value no quoting brings back whole is refused, and the file is never written", () => {
  const cannot = ["'`\"", '\r"', "one\rtwo \\n", "ends with \\", "it's\\"];
  for (const value of cannot) {
    assert.match(String(unwritableSecret(value)), /cannot read back/);
    assert.throws(() => secretsFile({ DELIVERER_SECRET: value }), /^Error: DELIVERER_SECRET /);
  }
});
