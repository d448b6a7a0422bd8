import { strict as assert } from "node:assert";

const functionDir = new URL("../functions/send-contact-email/", import.meta.url);
const readme = await Deno.readTextFile(new URL("README.md", functionDir));

/** The README's "may import" table: room → the rooms it may import. */
function allowedImports(text: string): Map<string, Set<string>> {
  const section = text.slice(text.indexOf("## Imports run one way"));
  const rows = new Map<string, Set<string>>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const room = /^`([a-z]+)\/`$/.exec(cells[1] ?? "")?.[1];
    if (!room) continue;
    rows.set(room, new Set([...(cells[2] ?? "").matchAll(/`([a-z]+)\/`/g)].map((m) => m[1] ?? "")));
  }
  return rows;
}

interface SourceFile {
  path: string;
  text: string;
}

async function sourceFiles(dir: URL, prefix = ""): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory)
      files.push(...(await sourceFiles(new URL(`${entry.name}/`, dir), `${path}/`)));
    else if (entry.name.endsWith(".ts")) {
      files.push({ path, text: await Deno.readTextFile(new URL(entry.name, dir)) });
    }
  }
  return files;
}

/** The room a file is in: its first folder, or "" for index.ts and handler.ts at the root. */
const roomOf = (path: string) => (path.includes("/") ? (path.split("/")[0] ?? "") : "");

/** Every relative import of a file, as a path inside the function's folder (or outside it). */
function importsOf(file: SourceFile): string[] {
  const base = new URL(file.path, functionDir);
  return [...file.text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => {
      const target = new URL(match[1] ?? "", base).href;
      return target.startsWith(functionDir.href) ? target.slice(functionDir.href.length) : target;
    },
  );
}

/** Each import that runs against the table, as "from → to". */
function importsAgainstTable(
  files: readonly { path: string; imports: readonly string[] }[],
  allowed: Map<string, Set<string>>,
): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = roomOf(file.path);
    for (const target of file.imports) {
      if (target.includes("://")) continue; // ../_shared and the like, outside the rooms
      const to = roomOf(target);
      if (from === "" || from === to) continue;
      if (to === "" || !allowed.get(from)?.has(to)) wrong.push(`${file.path} → ${target}`);
    }
  }
  return wrong;
}

const files = await sourceFiles(functionDir);
const allowed = allowedImports(readme);

Deno.test("the function's rooms import one way, as its README's table says", async (t) => {
  await t.step("every folder of the function is a room of the table", () => {
    const rooms = new Set(files.map((file) => roomOf(file.path)).filter((room) => room !== ""));
    assert.deepEqual([...rooms].sort(), [...allowed.keys()].sort());
  });

  await t.step("no import runs against the table, and none reaches back to the router", () => {
    const parsed = files.map((file) => ({ path: file.path, imports: importsOf(file) }));
    assert.deepEqual(importsAgainstTable(parsed, allowed), []);
  });

  await t.step("the table itself runs one way: no room reaches itself through others", () => {
    const reaches = (from: string, seen: Set<string>): boolean =>
      [...(allowed.get(from) ?? [])].some(
        (to) => seen.has(to) || reaches(to, new Set([...seen, to])),
      );
    for (const room of allowed.keys()) assert.equal(reaches(room, new Set([room])), false, room);
  });

  await t.step("a back-arrow is caught: the outbox importing intake", () => {
    const backwards = [{ path: "outbox/notificationQueue.ts", imports: ["intake/leadStore.ts"] }];
    assert.deepEqual(importsAgainstTable(backwards, allowed), [
      "outbox/notificationQueue.ts → intake/leadStore.ts",
    ]);
  });
});

Deno.test("each route reads top to bottom in one function of at most 60 lines", () => {
  const routes = files.filter((file) => file.path.endsWith("Route.ts"));
  assert.ok(routes.length >= 3, "the submit, contacted and deliver routes");
  for (const route of routes) {
    const start = route.text.search(/^export (async )?function answer\w*Route\(/m);
    assert.ok(start >= 0, `${route.path} exports its answer…Route function`);
    const end = route.text.indexOf("\n}\n", start);
    const lines = route.text.slice(start, end).split("\n").length + 1;
    assert.ok(lines <= 60, `${route.path}: ${lines} lines`);
  }
});
