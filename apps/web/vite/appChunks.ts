import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** Where a module comes from: the npm package it is part of, or its path in the workspace. */
function packageOf(id: string): string | undefined {
  const [, inPackages] = id.split("/node_modules/").slice(-2);
  if (inPackages === undefined) return undefined;
  const [scope = "", name = ""] = inPackages.split("/");
  return scope.startsWith("@") ? `${scope}/${name}` : scope;
}
const workspace = fileURLToPath(new URL("../../../", import.meta.url));
const inWorkspace = (id: string, folder: string) => id.startsWith(`${workspace}${folder}/`);

/**
 * The app (`src/main.tsx`, loaded by `src/start/boot.ts` after the first paint) is cut into these
 * chunks, named by the modules they hold and listed in the order the boot script evaluates them,
 * one per task, so that no single task blocks a tap for long on a slow phone. A module goes to the
 * first chunk that takes it. Left to itself Rolldown would instead split modules shared with the
 * lazy chunks into half a dozen small files.
 */
const appChunkPlan: ReadonlyArray<{ name: string; takes: (id: string) => boolean }> = [
  // With src/app/reactDomClient.ts, whose import makes React DOM's CommonJS body run in this
  // chunk's task rather than in the entry's.
  {
    name: "react",
    takes: (id) =>
      ["react", "react-dom", "scheduler"].includes(packageOf(id) ?? "") ||
      id === `${workspace}apps/web/src/app/reactDomClient.ts`,
  },
  // TanStack Router and the small libraries it and the page use; never our own code, so the
  // chunks import one another in one direction only.
  { name: "libraries", takes: (id) => packageOf(id) !== undefined },
  // Everything the page says: text compiles slowly, so it gets a task of its own.
  { name: "content", takes: (id) => inWorkspace(id, "packages/content") },
  // The components; `src/main.tsx` (make the router, start hydrating) stays in the entry, so it
  // runs in a task of its own after them.
  { name: "page", takes: (id) => id !== `${workspace}apps/web/src/main.tsx` },
];

/** An entry of Vite's build manifest. */
export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * Chrome's explicit compile hint: every function of a file that carries it is compiled while the
 * file downloads, off the main thread. The app's chunks run whole as soon as they arrive, and
 * compiled lazily, one function at a time on the main thread, they made hydration's slices and
 * the chunks' evaluation tasks longer than 50 ms on the calibrated phone. Browsers without the
 * hint read a comment.
 */
const compileWhileDownloading = "//# allFunctionsCalledOnLoad";

/** The app's entry, `src/main.tsx`: every module it imports is the app's. */
const isAppEntry = (id: string) => id.endsWith("/src/main.tsx");

/** The Vite plugin that finds the app's modules, and the chunk groups built from them. */
export function appChunks(): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
  /** The first line of each output chunk (Rolldown's `postBanner`, kept by the minifier). */
  firstLine: (chunk: { name: string; facadeModuleId: string | null }) => string;
} {
  const appModules = new Set<string>();
  const plugin: Plugin = {
    name: "app-chunks",
    apply: "build",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter(isAppEntry);
      while (pending.length > 0) {
        const id = pending.pop();
        if (id === undefined || appModules.has(id)) continue;
        appModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // A module goes to the first group in the list it matches: earlier groups weigh more.
  const groups = appChunkPlan.map(({ name, takes }, index) => ({
    name,
    priority: appChunkPlan.length - index,
    test: (id: string) => appModules.has(id) && takes(id),
  }));
  const appChunkNames = new Set(appChunkPlan.map(({ name }) => name));
  // The boot script's entry is inlined into the page and runs at once: the hint is for the app's.
  const firstLine = (chunk: { name: string; facadeModuleId: string | null }) =>
    appChunkNames.has(chunk.name) || isAppEntry(chunk.facadeModuleId ?? "")
      ? compileWhileDownloading
      : "";
  return { plugin, groups, firstLine };
}

/** Every chunk a manifest entry imports, directly or through others (not its dynamic imports). */
function importedChunks(
  manifest: Record<string, ManifestChunk>,
  entryKey: string,
): Map<string, ManifestChunk> {
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`The manifest has no ${entryKey} entry.`);
  const reached = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || reached.has(key)) return;
    reached.set(key, chunk);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return reached;
}

/**
 * The app's chunk files in the order the boot script evaluates them (the groups' order, then the
 * entry), read from Vite's manifest.
 */
export function appChunkFiles(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const order: readonly string[] = appChunkPlan.map((chunk) => chunk.name);
  const rank = (chunk: ManifestChunk) => {
    const index = order.indexOf(chunk.name ?? "");
    return index === -1 ? order.length : index;
  };
  const imports = [...importedChunks(manifest, entryKey).values()].sort(
    (a, b) => rank(a) - rank(b),
  );
  const entry = manifest[entryKey] as ManifestChunk;
  return [...imports, entry].map((chunk) => `/${chunk.file}`);
}

/**
 * The files a piece of code loaded on demand needs beyond the app's own chunks: its chunk and the
 * chunks it shares with other on-demand code.
 */
export function onDemandChunkFiles(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string,
  appFiles: readonly string[],
): string[] {
  const entry = manifest[moduleKey] as ManifestChunk;
  const files = [entry, ...importedChunks(manifest, moduleKey).values()].map(
    (chunk) => `/${chunk.file}`,
  );
  return files.filter((file) => !appFiles.includes(file));
}
