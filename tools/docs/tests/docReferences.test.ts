import assert from "node:assert/strict";
import { test } from "node:test";
import {
  headingAnchors,
  problemWith,
  type Reference,
  type Repository,
  referencesIn,
} from "../src/docReferences.ts";

const doc = `# Title

The boot script, \`apps/web/src/boot.ts\`, runs first; see [the page](docs/page.md#speed-targets).
Content types such as \`text/html\` and zones such as \`America/Detroit\` are not paths, nor is
\`https://example.com/a/b\`, nor what the build writes (\`apps/web/dist/404.html\`, \`.bench/x.json\`).

| command | what |
| --- | --- |
| \`pnpm leads queue\` | the queue |

\`\`\`sh
pnpm install && pnpm start
pnpm --filter @bluewater/web test
\`\`\`
`;

test("a document's paths, links and pnpm scripts are found on their own lines", () => {
  assert.deepEqual(referencesIn(doc), [
    { line: 3, kind: "path", target: "apps/web/src/boot.ts" },
    { line: 3, kind: "link", target: "docs/page.md#speed-targets" },
    { line: 9, kind: "script", target: "leads" },
    { line: 12, kind: "script", target: "install" },
    { line: 12, kind: "script", target: "start" },
    { line: 13, kind: "script", target: "@bluewater/web test" },
  ] satisfies Reference[]);
});

const repo: Repository = {
  paths: new Set([
    "apps",
    "apps/web",
    "apps/web/src",
    "apps/web/src/boot.ts",
    "docs",
    "docs/page.md",
  ]),
  scripts: new Set(["start", "leads"]),
  packageScripts: new Map([["@bluewater/web", new Set(["test", "build"])]]),
  packageRoots: ["apps/web"],
  anchorsOf: (path) =>
    path === "docs/page.md" ? headingAnchors("# Title\n\n## Speed targets\n") : undefined,
};

const problem = (reference: Omit<Reference, "line">, at = "README.md") =>
  problemWith({ line: 1, ...reference }, at, repo);

test("what exists passes: from the root, from a package, beside the doc, by its unique end", () => {
  assert.equal(problem({ kind: "path", target: "apps/web/src/boot.ts" }), undefined);
  assert.equal(problem({ kind: "path", target: "src/boot.ts" }), undefined);
  assert.equal(problem({ kind: "path", target: "page.md" }, "docs/README.md"), undefined);
  assert.equal(problem({ kind: "link", target: "docs/page.md#speed-targets" }), undefined);
  assert.equal(problem({ kind: "link", target: "#title" }, "docs/page.md"), undefined);
  assert.equal(problem({ kind: "script", target: "leads" }), undefined);
  assert.equal(problem({ kind: "script", target: "install" }), undefined);
  assert.equal(problem({ kind: "script", target: "@bluewater/web test" }), undefined);
});

test("a path, a link, an anchor or a script that no longer exists is named", () => {
  assert.equal(
    problem({ kind: "path", target: "apps/web/src/start.ts" }),
    "`apps/web/src/start.ts` does not exist",
  );
  assert.equal(
    problem({ kind: "link", target: "docs/chat.md" }),
    "link to docs/chat.md: docs/chat.md does not exist",
  );
  assert.equal(
    problem({ kind: "link", target: "docs/page.md#the-start" }),
    "link to docs/page.md#the-start: docs/page.md has no heading #the-start",
  );
  assert.equal(
    problem({ kind: "script", target: "report" }),
    "`pnpm report`: no such script in the root package.json",
  );
  assert.equal(
    problem({ kind: "script", target: "@bluewater/web lint" }),
    "`pnpm --filter @bluewater/web lint`: no such script in @bluewater/web",
  );
});
