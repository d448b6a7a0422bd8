import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Ajv } from "ajv";
import { publint } from "publint";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentJsonFiles } from "../scripts/contentJson.ts";
import { checkContactRequest, contactRequestErrors } from "../src/contract/contactRequest.ts";
import { testimonials } from "../src/copy/testimonials.ts";
import { sampleRequests } from "./support/sampleRequests.ts";

/**
 * The package as another team gets it: packed to a tarball, installed with npm into a project
 * outside the workspace, then used from plain Node, TypeScript, Vite, Deno and a JSON Schema
 * validator. Needs the build (`pnpm --filter @bluewater/content build`; `pnpm test` builds first).
 */
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => join(packageDir, "node_modules", ".bin", name);
const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
  exports: Record<string, string | Record<string, string>>;
};
/** Subpaths other teams import, each with the source module the monorepo reads instead. */
const modules = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
  typeof target === "string" ? [] : [[subpath, target["@bluewater/source"] ?? ""] as const],
);
const specifier = (subpath: string) => `@bluewater/content${subpath.slice(1)}`;

async function run(command: string, args: readonly string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const {
      message,
      stdout = "",
      stderr = "",
    } = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd}: ${message}\n${stdout}\n${stderr}`,
    );
  }
}

let scratch = "";
let consumer = "";
let tarball = "";

beforeAll(async () => {
  if (!existsSync(join(packageDir, "dist", "index.js"))) {
    throw new Error(
      "packages/content/dist is missing: run `pnpm --filter @bluewater/content build` first (`pnpm test` builds it).",
    );
  }
  const [major] = process.versions.node.split(".");
  if (Number(major) < 24)
    throw new Error(`Node 24 is needed, not ${process.version}: run via pnpm`);
  scratch = await mkdtemp(join(tmpdir(), "bluewater-content-"));
  consumer = join(scratch, "consumer");
  await run("pnpm", ["pack", "--pack-destination", scratch], packageDir);
  const packed = (await readdir(scratch)).find((name) => name.endsWith(".tgz"));
  if (!packed) throw new Error(`pnpm pack wrote no tarball to ${scratch}`);
  tarball = join(scratch, packed);
  await mkdir(consumer);
  await writeFile(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  await run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock", tarball],
    consumer,
  );
}, 120_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packed @bluewater/content", () => {
  it("passes publint with no message at all", async () => {
    const data = await readFile(tarball);
    const { messages } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      strict: true,
      level: "suggestion",
    });
    expect(messages).toEqual([]);
  });

  it.concurrent("has types that resolve under node16, bundler and ESM (are the types wrong?)", async () => {
    await run(
      bin("attw"),
      [tarball, "--profile", "esm-only", "--format", "table-flipped"],
      scratch,
    );
  }, 60_000);

  it("ships the build and its JSON, not the source or the tests", async () => {
    const installed = join(consumer, "node_modules", "@bluewater", "content");
    expect((await readdir(installed)).sort()).toEqual(
      ["CHANGELOG.md", "README.md", "dist", "package.json"].filter((name) =>
        existsSync(join(packageDir, name)),
      ),
    );
    const published = await readFile(join(installed, "package.json"), "utf8");
    expect(published).not.toContain("@bluewater/source");
    expect(published).not.toContain("./src/");
  });

  it.concurrent("imports every export in plain Node 24 with type stripping off, and reads the JSON", async () => {
    const script = `
        const names = ${JSON.stringify(Object.keys(contentJsonFiles))};
        const subpaths = ${JSON.stringify(modules.map(([subpath]) => subpath))};
        const exported = {};
        for (const subpath of subpaths) {
          const module = await import("@bluewater/content" + subpath.slice(1));
          exported[subpath] = Object.fromEntries(Object.entries(module).map(([k, v]) => [k, typeof v]));
        }
        const json = {};
        for (const name of names) {
          json[name] = (await import("@bluewater/content/json/" + name, { with: { type: "json" } })).default;
        }
        process.stdout.write(JSON.stringify({ exported, json }));
      `;
    await writeFile(join(consumer, "read-exports.mjs"), script);
    const output = await run(
      process.execPath,
      ["--no-experimental-strip-types", "read-exports.mjs"],
      consumer,
    );
    const { exported, json } = JSON.parse(output) as {
      exported: Record<string, Record<string, string>>;
      json: Record<string, unknown>;
    };
    for (const [subpath, source] of modules) {
      const sourceModule = (await import(join(packageDir, source))) as Record<string, unknown>;
      const expected = Object.fromEntries(
        Object.entries(sourceModule).map(([name, value]) => [name, typeof value]),
      );
      expect(exported[subpath], specifier(subpath)).toEqual(expected);
      for (const type of Object.values(expected)) expect(type).not.toBe("undefined");
    }
    expect(json).toEqual(JSON.parse(JSON.stringify(contentJsonFiles)));
  }, 60_000);

  it.concurrent("type-checks a consumer with tsc under moduleResolution node16 and bundler", async () => {
    await writeFile(join(consumer, "consumer.ts"), typeScriptConsumer);
    const shared = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: "ES2023",
      lib: ["ES2023"],
      types: [],
    };
    const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
    for (const [name, options] of [
      ["node16", { module: "node16", moduleResolution: "node16" }],
      ["bundler", { module: "esnext", moduleResolution: "bundler" }],
    ] as const) {
      const config = `tsconfig.${name}.json`;
      await writeFile(
        join(consumer, config),
        JSON.stringify({ compilerOptions: { ...shared, ...options }, files: ["consumer.ts"] }),
      );
      await run(process.execPath, [tsc, "-p", config], consumer);
    }
  }, 60_000);

  it("bundles with Vite, keeping only what the consumer imports", async () => {
    await writeFile(
      join(consumer, "vite-entry.js"),
      `import { checkContactRequest } from "@bluewater/content";
export const verdict = checkContactRequest({ name: "Jane", phone: "(586) 555-0123", email: "jane@example.com" }).ok;`,
    );
    const outDir = join(scratch, "vite-out");
    await build({
      root: consumer,
      configFile: false,
      logLevel: "silent",
      build: {
        outDir,
        minify: false,
        lib: { entry: join(consumer, "vite-entry.js"), formats: ["es"], fileName: "bundle" },
      },
    });
    const [bundle] = (await readdir(outDir)).filter((name) => name.endsWith(".js"));
    expect(bundle).toBeDefined();
    const bundlePath = join(outDir, bundle ?? "");
    const { verdict } = (await import(pathToFileURL(bundlePath).href)) as { verdict: boolean };
    expect(verdict).toBe(true);
    const code = await readFile(bundlePath, "utf8");
    expect(code).not.toContain(testimonials.items[0].text);
  }, 60_000);

  it.concurrent("imports from Deno through npm: and bare specifiers, and type-checks there", async () => {
    await writeFile(join(consumer, "deno-consumer.ts"), denoConsumer);
    const deno = bin("deno");
    await run(deno, ["check", "deno-consumer.ts"], consumer);
    const output = await run(deno, ["run", "--allow-read", "deno-consumer.ts"], consumer);
    expect(JSON.parse(output)).toEqual({
      valid: true,
      blankName: contactRequestErrors.nameRequired,
      schemaTitle: "Contact request",
    });
  }, 60_000);

  it("validates requests against its JSON Schema with Ajv as its own checker does", async () => {
    const schemaFile = join(consumer, "node_modules/@bluewater/content/dist/json");
    const schema = JSON.parse(
      await readFile(join(schemaFile, "contact-request.schema.json"), "utf8"),
    );
    const { checkContactRequest: packedCheck } = (await import(
      pathToFileURL(join(consumer, "node_modules/@bluewater/content/dist/contact-request.js")).href
    )) as { checkContactRequest: typeof checkContactRequest };
    const validate = new Ajv({ strict: true }).compile(schema);
    const verdicts = sampleRequests.map(([what, request]) => [
      what,
      validate(request),
      packedCheck(request).ok,
    ]);
    expect(verdicts).toEqual(
      sampleRequests.map(([what, request]) => {
        const ok = checkContactRequest(request).ok;
        return [what, ok, ok];
      }),
    );
    expect(verdicts.some(([, valid]) => valid)).toBe(true);
    expect(verdicts.some(([, valid]) => !valid)).toBe(true);
  });
});

const typeScriptConsumer = `
import { business, checkContactRequest, type ContactRequest, services } from "@bluewater/content";
import { type ChatMessage, replyToChatMessage } from "@bluewater/content/chat";
import { type ContactRequestCheck, contactRequestErrors } from "@bluewater/content/contact-request";
import { type ContactSubmission, isRequestId } from "@bluewater/content/contact-submission";
import { serviceDetails } from "@bluewater/content/service-details";
import { type ServiceOptionValue, serviceOptions } from "@bluewater/content/service-options";
import { business as identity } from "@bluewater/content/business";

const request: ContactRequest = {
  name: "Jane",
  phone: "(586) 555-0123",
  email: "jane@example.com",
  service: "interior",
  message: "",
};
const check: ContactRequestCheck = checkContactRequest(request);
const errors: string[] = check.ok ? [] : Object.values(check.errors);
const submission: ContactSubmission = { ...request, requestId: "id", website: "", elapsedMs: 1 };
const message: ChatMessage = { id: 1, type: "bot", text: replyToChatMessage("warranty").text };
const option: ServiceOptionValue = serviceOptions[0].value;
// @ts-expect-error: "roofing" is not a service option, so the types are real, not any.
const roofing: ServiceOptionValue = "roofing";
const steps: readonly string[] = serviceDetails[services[0].id].steps;
const sameBusiness: boolean = business.name === identity.name;
export const used = [
  errors, submission, message, option, roofing, steps, sameBusiness,
  contactRequestErrors.nameRequired, isRequestId("x"),
];
`;

const denoConsumer = `
import { checkContactRequest } from "npm:@bluewater/content";
import schema from "@bluewater/content/json/contact-request.schema.json" with { type: "json" };

const request = { name: "Jane", phone: "(586) 555-0123", email: "jane@example.com" };
const valid: boolean = checkContactRequest(request).ok;
const refused = checkContactRequest({ ...request, name: "" });
const blankName: string | undefined = refused.ok ? undefined : refused.errors.name;
console.log(JSON.stringify({ valid, blankName, schemaTitle: schema.title }));
`;
