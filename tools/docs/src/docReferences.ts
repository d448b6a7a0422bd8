import GithubSlugger from "github-slugger";
import { Lexer, type Token, type Tokens } from "marked";

/** Something a document names that must exist in the repository. */
export interface Reference {
  line: number;
  kind: "path" | "link" | "script";
  /** As written: a path, a link target (with its #anchor), or a pnpm script's name. */
  target: string;
}

/** What the references are checked against. */
export interface Repository {
  /** Every tracked file, and every folder above one, relative to the root, with `/`. */
  paths: ReadonlySet<string>;
  /** Root package.json scripts, and each workspace package's, by package name. */
  scripts: ReadonlySet<string>;
  packageScripts: ReadonlyMap<string, ReadonlySet<string>>;
  /** Folders of the workspace packages, where a doc's short paths (`src/main.tsx`) start. */
  packageRoots: readonly string[];
  /** The anchors of a tracked Markdown file's headings, as GitHub makes them. */
  anchorsOf(path: string): ReadonlySet<string> | undefined;
}

/** pnpm's own commands, which a doc may name as `pnpm <command>`. */
const pnpmCommands = new Set([
  "install",
  "i",
  "add",
  "exec",
  "dlx",
  "run",
  "remove",
  "update",
  "pack",
  "publish",
]);

/**
 * What the build, the stack and the bench write at run time: named in docs, never in git.
 * A path under one of these folders, or with one of these names, is not checked.
 */
const generated = /(^|\/)(dist|\.data|\.bench|\.turbo|node_modules|\.temp)(\/|$)|^\.env$/;

/** A bare file name worth finding; a bare `x.json` is most often a file the package build writes. */
const fileName = /^[\w.-]+\.(ts|tsx|md|sql|toml|yaml|css)$/;
/** Slashes that are not paths: media types and IANA time zones. */
const notAPath =
  /^(text|application|image|font|audio|video|multipart)\/[\w.+-]+$|^(America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian|Etc)\//;
const pathWithFolders = /^\.{0,2}\/?[\w.@-]+(\/[\w.@-]+)+\/?$/;

/** A code span that names a file or folder of ours, or undefined for anything else. */
function pathIn(code: string): string | undefined {
  if (/^(https?:|mailto:|@|\/|#)/.test(code) || code.includes("://")) return undefined;
  if (notAPath.test(code) || (!fileName.test(code) && !pathWithFolders.test(code)))
    return undefined;
  return generated.test(code) ? undefined : code;
}

/** Each `pnpm <script>` a command line names: `pnpm leads queue`, `pnpm --filter x test`. */
function scriptsIn(command: string): string[] {
  const names: string[] = [];
  for (const match of command.matchAll(/(?:^|[\s;&|(`])pnpm((?:\s+[^\s;&|)`]+)+)/g)) {
    const words = (match[1] ?? "").trim().split(/\s+/);
    let filter: string | undefined;
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? "";
      if (word === "--filter" || word === "-F") filter = words[++i];
      else if (word.startsWith("--filter=")) filter = word.slice("--filter=".length);
      else if (word.startsWith("-")) continue;
      else {
        const name = word === "run" ? words[i + 1] : word;
        if (name && !/[<…$]/.test(name)) names.push(filter ? `${filter} ${name}` : name);
        break;
      }
    }
  }
  return names;
}

/** Child tokens of a token, whatever its type (lists, tables, blockquotes, emphasis…). */
function childrenOf(token: Token): Token[] {
  const children: Token[] = [];
  if ("tokens" in token && Array.isArray(token.tokens)) children.push(...token.tokens);
  if (token.type === "list") for (const item of (token as Tokens.List).items) children.push(item);
  if (token.type === "table") {
    const table = token as Tokens.Table;
    for (const cell of [...table.header, ...table.rows.flat()]) children.push(...cell.tokens);
  }
  return children;
}

/** Every path, link and pnpm script a Markdown document names, with its line. */
export function referencesIn(markdown: string): Reference[] {
  const references: Reference[] = [];
  let offset = 0;
  let block = "";
  let blockLine = 1;
  /** The line of `text` inside the block being read (a paragraph, a list, a table). */
  const lineOf = (text: string) => {
    const at = block.indexOf(text);
    return blockLine + (at < 0 ? 0 : block.slice(0, at).split("\n").length - 1);
  };
  const visit = (token: Token) => {
    if (token.type === "codespan") {
      const code = (token as Tokens.Codespan).text.trim();
      const line = lineOf(code);
      const path = pathIn(code);
      if (path) references.push({ line, kind: "path", target: path });
      for (const target of scriptsIn(code)) references.push({ line, kind: "script", target });
    } else if (token.type === "code") {
      for (const text of (token as Tokens.Code).text.split("\n")) {
        for (const target of scriptsIn(text)) {
          references.push({ line: lineOf(text), kind: "script", target });
        }
      }
    } else if (token.type === "link") {
      const href = (token as Tokens.Link).href;
      if (!/^[a-z]+:/i.test(href))
        references.push({ line: lineOf(href), kind: "link", target: href });
    }
    for (const child of childrenOf(token)) visit(child);
  };
  for (const token of new Lexer().lex(markdown)) {
    block = token.raw;
    blockLine = markdown.slice(0, offset).split("\n").length;
    visit(token);
    offset += token.raw.length;
  }
  return references;
}

/** The anchors GitHub gives a Markdown document's headings. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const visit = (token: Token) => {
    if (token.type === "heading") anchors.add(slugger.slug((token as Tokens.Heading).text));
    for (const child of childrenOf(token)) visit(child);
  };
  for (const token of new Lexer().lex(markdown)) visit(token);
  return anchors;
}

const normalise = (path: string) => {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
};

/**
 * The tracked path a doc's path names: beside the doc, from the root, from a package's folder,
 * or, for a shortened path such as `copy/business.ts`, the end of exactly one tracked path.
 */
function resolvePath(path: string, docDir: string, repo: Repository): string | undefined {
  const bases = [docDir, "", ...repo.packageRoots];
  for (const base of bases) {
    const candidate = normalise(`${base}/${path}`);
    if (repo.paths.has(candidate)) return candidate;
  }
  const tail = `/${normalise(path)}`;
  return [...repo.paths].find((known) => known.endsWith(tail));
}

/** Why a reference does not hold, or undefined when it does. */
export function problemWith(
  reference: Reference,
  docPath: string,
  repo: Repository,
): string | undefined {
  const docDir = docPath.includes("/") ? docPath.slice(0, docPath.lastIndexOf("/")) : "";
  if (reference.kind === "script") {
    const [filter, name] = reference.target.includes(" ")
      ? reference.target.split(" ")
      : [undefined, reference.target];
    const known = filter ? repo.packageScripts.get(filter) : repo.scripts;
    if (!known) return `\`pnpm --filter ${filter}\` names no workspace package`;
    return known.has(name ?? "") || pnpmCommands.has(name ?? "")
      ? undefined
      : `\`pnpm ${filter ? `--filter ${filter} ${name}` : name}\`: no such script in ${filter ?? "the root package.json"}`;
  }
  if (reference.kind === "path") {
    return resolvePath(reference.target, docDir, repo)
      ? undefined
      : `\`${reference.target}\` does not exist`;
  }
  const [file = "", anchor] = reference.target.split("#");
  const target = file === "" ? docPath : normalise(`${docDir}/${decodeURI(file)}`);
  if (generated.test(target)) return undefined;
  if (!repo.paths.has(target)) return `link to ${reference.target}: ${target} does not exist`;
  if (anchor === undefined || anchor === "" || !target.endsWith(".md")) return undefined;
  return repo.anchorsOf(target)?.has(anchor.toLowerCase())
    ? undefined
    : `link to ${reference.target}: ${target} has no heading #${anchor}`;
}
