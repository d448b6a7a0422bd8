import { strict as assert } from "node:assert";
import { contactAnswerErrors } from "@bluewater/content/contact";
import { fakeProjectRef, startFakeManagementApi } from "../support/fakeManagementApi.ts";

/**
 * What `supabase functions deploy --use-api` uploads (Supabase bundles it server-side, without
 * Docker): the real CLI deploys to a fake of the Management API, which keeps every file of the
 * upload. Rebuilt alone in an empty folder, those files must type-check and run: the function
 * takes the workspace's content package from its source, with no copy of it committed.
 */
const repoRoot = new URL("../../../", import.meta.url).pathname;
const functionDir = "supabase/functions/send-contact-email";

async function run(command: string, args: string[], options: Deno.CommandOptions = {}) {
  const output = await new Deno.Command(command, { args, ...options }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: text(output.stdout), stderr: text(output.stderr) };
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

Deno.test("the deployed function carries everything it imports, the content package included, and runs from it alone", async (t) => {
  const api = startFakeManagementApi();
  const { uploads } = api;
  const work = await Deno.makeTempDir({ prefix: "bluewater-deploy-" });
  try {
    await t.step("supabase functions deploy --use-api uploads the function", async () => {
      const profile = await api.profileFor(work);
      const deploy = await run(
        "supabase",
        [
          "functions",
          "deploy",
          "send-contact-email",
          "--use-api",
          "--yes",
          "--profile",
          profile,
        ].concat([`--remote=${fakeProjectRef}`, "--workdir", repoRoot]),
        {
          cwd: repoRoot,
          env: {
            SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}`,
            DO_NOT_TRACK: "1",
            SUPABASE_TELEMETRY_DISABLED: "1",
          },
        },
      );
      assert.equal(deploy.code, 0, `${deploy.stdout}\n${deploy.stderr}`);
      assert.equal(uploads.length, 1);
    });

    const upload = uploads[0];
    assert.ok(upload, "an upload arrived");
    await t.step("it holds the entry, its import map and the content package's source", () => {
      assert.equal(upload.metadata.entrypoint_path, `${functionDir}/index.ts`);
      assert.equal(upload.metadata.import_map_path, `${functionDir}/deno.json`);
      const names = [...upload.files.keys()];
      assert.ok(names.includes("packages/content/src/contract/index.ts"), names.join("\n"));
      for (const name of names) {
        assert.ok(!name.startsWith("/") && !name.includes(".."), `${name} stays in the repository`);
        assert.ok(!name.includes("_shared/content/"), `${name}: no committed copy of the package`);
      }
    });

    await t.step("rebuilt alone in an empty folder, it type-checks and answers", async () => {
      const bundle = `${work}/bundle`;
      for (const [name, text] of upload.files) {
        const path = `${bundle}/${name}`;
        await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
        await Deno.writeTextFile(path, text);
      }
      // The lock pins the npm packages' own dependencies to what `pnpm install` cached: the
      // upload is the source, Supabase resolves packages itself, and this test runs offline.
      await Deno.copyFile(
        `${repoRoot}${functionDir}/deno.lock`,
        `${bundle}/${functionDir}/deno.lock`,
      );
      const config = `--config=${bundle}/${upload.metadata.import_map_path}`;
      const entry = `${bundle}/${upload.metadata.entrypoint_path}`;
      const check = await run(Deno.execPath(), [
        "check",
        "--quiet",
        "--cached-only",
        config,
        entry,
      ]);
      assert.equal(check.code, 0, check.stderr);

      const port = freePort();
      const server = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          "--cached-only",
          "--frozen",
          "--allow-net",
          "--allow-env",
          config,
          entry,
        ],
        env: { DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, PUBLIC_API_KEYS: "test-key" },
        stdout: "null",
        stderr: "null",
      }).spawn();
      try {
        let answer: Response | undefined;
        for (let tries = 0; !answer && tries < 100; tries++) {
          answer = await fetch(`http://127.0.0.1:${port}/send-contact-email`, {
            method: "POST",
            headers: { apikey: "test-key", "content-type": "application/json" },
            body: JSON.stringify({
              name: "Bundle",
              phone: "(810) 555-0100",
              email: "b@example.com",
            }),
          }).catch(async () => {
            await new Promise((resolve) => setTimeout(resolve, 100));
            return undefined;
          });
        }
        assert.ok(answer, "the function answered");
        // No database is configured here: the function says so in the contract's words.
        assert.equal(answer.status, 503);
        assert.deepEqual(await answer.json(), { error: contactAnswerErrors.unavailable });
      } finally {
        server.kill();
        await server.status;
      }
    });
  } finally {
    await api.shutdown();
    await Deno.remove(work, { recursive: true });
  }
});
