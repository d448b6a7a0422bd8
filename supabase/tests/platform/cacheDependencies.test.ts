import { strict as assert } from "node:assert";
import { nodeBinary } from "../support/nodeHelper.ts";

/** Runs the install step that caches the function's Deno packages, into an empty cache. */
async function cacheInto(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const denoDir = await Deno.makeTempDir({ prefix: "bluewater-deno-cache-" });
  try {
    const { code, stderr } = await new Deno.Command(nodeBinary(), {
      args: [new URL("../../scripts/cache-dependencies.ts", import.meta.url).pathname],
      env: { DENO_DIR: denoDir, ...env },
      stdout: "null",
      stderr: "piped",
    }).output();
    return { code, stderr: new TextDecoder().decode(stderr) };
  } finally {
    await Deno.remove(denoDir, { recursive: true });
  }
}

/** A certificate of its own, which no store trusts: what a network's own authority looks like. */
async function untrustedCertificate(): Promise<{ cert: string; key: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const { success } = await new Deno.Command("openssl", {
      args: [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
      ].concat(["-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`]),
      stdout: "null",
      stderr: "null",
    }).output();
    assert.ok(success, "openssl made the certificate");
    return {
      cert: await Deno.readTextFile(`${dir}/cert.pem`),
      key: await Deno.readTextFile(`${dir}/key.pem`),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("an install that cannot download the function's packages fails with one message naming the cause and the fix", async (t) => {
  await t.step("no registry answers: check the connection", async () => {
    const { code, stderr } = await cacheInto({ NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/" });
    assert.equal(code, 1);
    assert.match(stderr, /Could not cache the edge function's Deno dependencies/);
    assert.match(stderr, /reach the npm registry .* during `pnpm install`/s);
  });

  await t.step(
    "the registry's certificate comes from an authority nobody trusts: trust it",
    async () => {
      const server = Deno.serve(
        { hostname: "127.0.0.1", port: 0, ...(await untrustedCertificate()), onListen: () => {} },
        () => new Response("{}"),
      );
      try {
        const { code, stderr } = await cacheInto({
          NPM_CONFIG_REGISTRY: `https://localhost:${server.addr.port}/`,
        });
        assert.equal(code, 1);
        assert.match(stderr, /certificate authority.*system store.*DENO_CERT/s);
      } finally {
        await server.shutdown();
      }
    },
  );
});
